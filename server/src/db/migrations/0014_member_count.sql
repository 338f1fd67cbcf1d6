-- Member counts at provincial scale (member-count < 100 ms on 1,000,000
-- enterprises and 2,000,000 persons). Counting the rows of a province's scope reads millions of index
-- entries (hundreds of ms); instead the live members of each org and kind are kept here by statement
-- triggers (transition tables: one upsert per org touched by a statement, so a 10,000-row import costs one
-- statement, and an update that moves nobody changes nothing). member-count sums the orgs of the scope
-- (member.repo.ts counts); a scope with an "own records" rule still counts the member tables directly.
CREATE TABLE aoc_member_dept_count (
  tenant_id  varchar(12) NOT NULL,
  dept_id    bigint      NOT NULL,
  kind       varchar(16) NOT NULL CHECK (kind IN ('enterprise', 'group', 'person')),
  n          bigint      NOT NULL DEFAULT 0,
  PRIMARY KEY (dept_id, kind, tenant_id)
);

CREATE FUNCTION aoc_member_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO aoc_member_dept_count AS c (tenant_id, dept_id, kind, n)
    SELECT tenant_id, dept_id, TG_ARGV[0], count(*) FROM new_rows WHERE is_deleted = 0 GROUP BY tenant_id, dept_id
    ON CONFLICT (dept_id, kind, tenant_id) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO aoc_member_dept_count AS c (tenant_id, dept_id, kind, n)
    SELECT tenant_id, dept_id, TG_ARGV[0], -count(*) FROM old_rows WHERE is_deleted = 0 GROUP BY tenant_id, dept_id
    ON CONFLICT (dept_id, kind, tenant_id) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO aoc_member_dept_count AS c (tenant_id, dept_id, kind, n)
    SELECT tenant_id, dept_id, TG_ARGV[0], sum(d) FROM (
      SELECT tenant_id, dept_id, 1 AS d FROM new_rows WHERE is_deleted = 0
      UNION ALL
      SELECT tenant_id, dept_id, -1 AS d FROM old_rows WHERE is_deleted = 0
    ) x GROUP BY tenant_id, dept_id HAVING sum(d) <> 0
    ON CONFLICT (dept_id, kind, tenant_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER trg_member_ent_count_ins AFTER INSERT ON aoc_member_enterprise REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_count_apply('enterprise');
CREATE TRIGGER trg_member_ent_count_upd AFTER UPDATE ON aoc_member_enterprise REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_count_apply('enterprise');
CREATE TRIGGER trg_member_ent_count_del AFTER DELETE ON aoc_member_enterprise REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_count_apply('enterprise');
CREATE TRIGGER trg_member_grp_count_ins AFTER INSERT ON aoc_member_group REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_count_apply('group');
CREATE TRIGGER trg_member_grp_count_upd AFTER UPDATE ON aoc_member_group REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_count_apply('group');
CREATE TRIGGER trg_member_grp_count_del AFTER DELETE ON aoc_member_group REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_count_apply('group');
CREATE TRIGGER trg_member_psn_count_ins AFTER INSERT ON aoc_member_person REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_count_apply('person');
CREATE TRIGGER trg_member_psn_count_upd AFTER UPDATE ON aoc_member_person REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_count_apply('person');
CREATE TRIGGER trg_member_psn_count_del AFTER DELETE ON aoc_member_person REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_count_apply('person');

-- The rows that exist already.
INSERT INTO aoc_member_dept_count (tenant_id, dept_id, kind, n)
SELECT tenant_id, dept_id, 'enterprise', count(*) FROM aoc_member_enterprise WHERE is_deleted = 0 GROUP BY tenant_id, dept_id
UNION ALL
SELECT tenant_id, dept_id, 'group', count(*) FROM aoc_member_group WHERE is_deleted = 0 GROUP BY tenant_id, dept_id
UNION ALL
SELECT tenant_id, dept_id, 'person', count(*) FROM aoc_member_person WHERE is_deleted = 0 GROUP BY tenant_id, dept_id;
ANALYZE aoc_member_dept_count;
