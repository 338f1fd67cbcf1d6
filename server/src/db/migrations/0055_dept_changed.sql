-- Every write to blade_dept, from any module or process, is announced on the channel gsl_dept_changed
-- after it commits (NOTIFY is transactional): the in-process copies of dept trees (platform/db/change-cache.ts)
-- are dropped in every server process. One notification per statement, not per row (an import of
-- 10,000 depts is one statement per chunk).
CREATE FUNCTION gsl_notify_dept_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gsl_dept_changed', '');
  RETURN NULL;
END $$;

CREATE TRIGGER trg_dept_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_dept
  FOR EACH STATEMENT EXECUTE FUNCTION gsl_notify_dept_changed();
