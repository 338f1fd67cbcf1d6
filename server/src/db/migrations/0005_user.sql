-- User accounts: a password an administrator issued (reset-password, set-password, import)
-- is marked so the web can ask the user to choose their own; update-password clears it.
ALTER TABLE blade_user ADD COLUMN password_reset_required smallint NOT NULL DEFAULT 0;
-- The user list: a tenant's users by dept, in their seq order.
CREATE INDEX idx_user_tenant_dept_seq ON blade_user (tenant_id, dept_id, seq) WHERE is_deleted = 0;
-- Revoking a user's sessions (disable, remove, grant, password changes) finds their live chains by user.
CREATE INDEX idx_refresh_user_live ON auth_refresh_token (user_id) WHERE revoked_time IS NULL;
