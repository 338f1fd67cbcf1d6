-- Tenant mode: the sign-on portal signs a user on to the tenant they name, and the session and the
-- one-time code remember it (null on older rows: the default tenant).
ALTER TABLE auth_sso_session ADD COLUMN tenant_id varchar(12);
ALTER TABLE auth_code ADD COLUMN tenant_id varchar(12);
