-- What a request's access is decided from — the user, their roles and the roles' menus, data and api
-- scopes, the dept path, the tenant's state, revoked sign-on chains — is kept in each server process
-- (platform/access/access-cache.ts). Every committed write to one of these tables, from any module or
-- process, is announced on the channel gsl_access_changed (NOTIFY is transactional), and every process
-- drops what it keeps. One notification per statement; an UPDATE of blade_user is announced only when it
-- changes a column access is read from (not a login's failure counter or a password hash).
CREATE FUNCTION gsl_notify_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gsl_access_changed', '');
  RETURN NULL;
END $$;

CREATE TRIGGER trg_access_changed_user
  AFTER INSERT OR DELETE OR TRUNCATE ON blade_user
  FOR EACH STATEMENT EXECUTE FUNCTION gsl_notify_access_changed();

CREATE TRIGGER trg_access_changed_user_update
  AFTER UPDATE ON blade_user
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
     OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted
     OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id
     OR OLD.dept_id IS DISTINCT FROM NEW.dept_id
     OR OLD.account IS DISTINCT FROM NEW.account
     OR OLD.real_name IS DISTINCT FROM NEW.real_name
     OR OLD.profile_tag IS DISTINCT FROM NEW.profile_tag
     OR OLD.password_reset_required IS DISTINCT FROM NEW.password_reset_required)
  EXECUTE FUNCTION gsl_notify_access_changed();

CREATE TRIGGER trg_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_user_role FOR EACH STATEMENT EXECUTE FUNCTION gsl_notify_access_changed();
CREATE TRIGGER trg_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_role FOR EACH STATEMENT EXECUTE FUNCTION gsl_notify_access_changed();
CREATE TRIGGER trg_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_role_menu FOR EACH STATEMENT EXECUTE FUNCTION gsl_notify_access_changed();
CREATE TRIGGER trg_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_menu FOR EACH STATEMENT EXECUTE FUNCTION gsl_notify_access_changed();
CREATE TRIGGER trg_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_role_scope FOR EACH STATEMENT EXECUTE FUNCTION gsl_notify_access_changed();
CREATE TRIGGER trg_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_scope_data FOR EACH STATEMENT EXECUTE FUNCTION gsl_notify_access_changed();
CREATE TRIGGER trg_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_scope_api FOR EACH STATEMENT EXECUTE FUNCTION gsl_notify_access_changed();
CREATE TRIGGER trg_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_tenant FOR EACH STATEMENT EXECUTE FUNCTION gsl_notify_access_changed();
CREATE TRIGGER trg_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_dept FOR EACH STATEMENT EXECUTE FUNCTION gsl_notify_access_changed();
CREATE TRIGGER trg_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON auth_revoked_chain FOR EACH STATEMENT EXECUTE FUNCTION gsl_notify_access_changed();
