-- 领导驾驶舱 and 数据质量 (issue 17): aggregates of the member records kept by statement triggers, so the
-- cockpit of a province (a million enterprises, two million persons) sums a few thousand maintained rows
-- instead of scanning the member tables on every view (the same approach as 0014's aoc_member_dept_count).
--
-- aoc_member_dept_stat: per org and member kind, the live rows counted by facet —
--   joinYear  key yyyy of join_date ('' when none)          → 入会年份
--   industry  key the enterprise's industry ('' when none)  → 行业分布
--   updMonth  key yyyy-MM of update_time (Asia/Shanghai)    → 数据陈旧 (not updated for 24 months)
--   missing   key ''  rows missing a field staff must fill  → 必填缺失
--   invalid   key ''  a credit code failing GB 32100's check → 代码错误
-- aoc_member_dup_key: per tenant and kind, how many live rows share a name (persons: name and birth date);
-- a key held by more than one row marks them all as 疑似重复.

CREATE FUNCTION aoc_uscc_valid(code text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  chars constant text := '0123456789ABCDEFGHJKLMNPQRTUWXY';
  weights constant int[] := ARRAY[1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  s int := 0;
  v int;
BEGIN
  IF code IS NULL OR code !~ '^[1-9A-GY][1-9A-Z0-9][0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$' THEN
    RETURN false;
  END IF;
  FOR i IN 1..17 LOOP
    v := strpos(chars, substr(code, i, 1)) - 1;
    IF v < 0 THEN
      RETURN false;
    END IF;
    s := s + v * weights[i];
  END LOOP;
  RETURN substr(code, 18, 1) = substr(chars, ((31 - s % 31) % 31) + 1, 1);
END $$;

-- The facets of one member row (as jsonb, so one function serves the three tables).
CREATE FUNCTION aoc_member_facets(kind text, j jsonb) RETURNS TABLE (dim text, key text) LANGUAGE sql STABLE AS $$
  SELECT 'joinYear', coalesce(left(j ->> 'join_date', 4), '')
  UNION ALL
  SELECT 'industry', coalesce(nullif(btrim(j ->> 'industry'), ''), '') WHERE kind = 'enterprise'
  UNION ALL
  SELECT 'updMonth', to_char(((j ->> 'update_time')::timestamptz) AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')
  UNION ALL
  SELECT 'missing', '' WHERE CASE kind
    WHEN 'enterprise' THEN num_nulls(nullif(j ->> 'legal_person', ''), nullif(j ->> 'industry', ''), nullif(j ->> 'region_code', ''),
                                     nullif(j ->> 'contact_name', ''), j ->> 'contact_phone_hash', j ->> 'join_date') > 0
    WHEN 'group' THEN num_nulls(nullif(j ->> 'credit_code', ''), nullif(j ->> 'legal_person', ''), nullif(j ->> 'region_code', ''),
                                nullif(j ->> 'contact_name', ''), j ->> 'contact_phone_hash', j ->> 'join_date') > 0
    ELSE num_nulls(j ->> 'phone_hash', j ->> 'gender', j ->> 'birth_date', nullif(j ->> 'company', ''),
                   nullif(j ->> 'region_code', ''), j ->> 'join_date') > 0
  END
  UNION ALL
  SELECT 'invalid', '' WHERE kind <> 'person' AND nullif(j ->> 'credit_code', '') IS NOT NULL AND NOT aoc_uscc_valid(j ->> 'credit_code')
$$;

CREATE TABLE aoc_member_dept_stat (
  tenant_id  varchar(12) NOT NULL,
  dept_id    bigint      NOT NULL,
  kind       varchar(16) NOT NULL CHECK (kind IN ('enterprise', 'group', 'person')),
  dim        varchar(16) NOT NULL,
  key        varchar(64) NOT NULL,
  n          bigint      NOT NULL DEFAULT 0,
  PRIMARY KEY (dept_id, kind, dim, key, tenant_id)
);
CREATE INDEX idx_member_dept_stat_dim ON aoc_member_dept_stat (tenant_id, dim, dept_id) INCLUDE (kind, key, n);

CREATE TABLE aoc_member_dup_key (
  tenant_id  varchar(12)  NOT NULL,
  kind       varchar(16)  NOT NULL,
  name       varchar(200) NOT NULL,
  extra      varchar(32)  NOT NULL DEFAULT '',
  n          bigint       NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, kind, name, extra)
);
-- The keys held twice or more: few, read whole by 数据质量.
CREATE INDEX idx_member_dup_many ON aoc_member_dup_key (tenant_id, kind) WHERE n > 1;

-- Apply a batch of row changes: [{ d: +1 | -1, r: <row as jsonb> }, ...].
CREATE FUNCTION aoc_member_stat_push(kind text, delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO aoc_member_dept_stat AS s (tenant_id, dept_id, kind, dim, key, n)
  SELECT e.r ->> 'tenant_id', (e.r ->> 'dept_id')::bigint, kind, f.dim, f.key, sum(e.d)
    FROM jsonb_to_recordset(delta) AS e(d int, r jsonb), LATERAL aoc_member_facets(kind, e.r) f
   GROUP BY 1, 2, 4, 5 HAVING sum(e.d) <> 0
  ON CONFLICT (dept_id, kind, dim, key, tenant_id) DO UPDATE SET n = s.n + excluded.n;
  INSERT INTO aoc_member_dup_key AS k (tenant_id, kind, name, extra, n)
  SELECT e.r ->> 'tenant_id', kind, e.r ->> 'name', CASE WHEN kind = 'person' THEN e.r ->> 'birth_date' ELSE '' END, sum(e.d)
    FROM jsonb_to_recordset(delta) AS e(d int, r jsonb)
   WHERE kind <> 'person' OR e.r ->> 'birth_date' IS NOT NULL
   GROUP BY 1, 3, 4 HAVING sum(e.d) <> 0
  ON CONFLICT (tenant_id, kind, name, extra) DO UPDATE SET n = k.n + excluded.n;
$$;

CREATE FUNCTION aoc_member_stat_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM aoc_member_stat_push(TG_ARGV[0],
      (SELECT jsonb_agg(jsonb_build_object('d', 1, 'r', to_jsonb(x))) FROM new_rows x WHERE x.is_deleted = 0));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM aoc_member_stat_push(TG_ARGV[0],
      (SELECT jsonb_agg(jsonb_build_object('d', -1, 'r', to_jsonb(x))) FROM old_rows x WHERE x.is_deleted = 0));
  ELSE
    PERFORM aoc_member_stat_push(TG_ARGV[0],
      (SELECT jsonb_agg(jsonb_build_object('d', z.d, 'r', z.r)) FROM (
         SELECT 1 AS d, to_jsonb(x) AS r FROM new_rows x WHERE x.is_deleted = 0
         UNION ALL
         SELECT -1, to_jsonb(y) FROM old_rows y WHERE y.is_deleted = 0) z));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER trg_member_ent_stat_ins AFTER INSERT ON aoc_member_enterprise REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_stat_apply('enterprise');
CREATE TRIGGER trg_member_ent_stat_upd AFTER UPDATE ON aoc_member_enterprise REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_stat_apply('enterprise');
CREATE TRIGGER trg_member_ent_stat_del AFTER DELETE ON aoc_member_enterprise REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_stat_apply('enterprise');
CREATE TRIGGER trg_member_grp_stat_ins AFTER INSERT ON aoc_member_group REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_stat_apply('group');
CREATE TRIGGER trg_member_grp_stat_upd AFTER UPDATE ON aoc_member_group REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_stat_apply('group');
CREATE TRIGGER trg_member_grp_stat_del AFTER DELETE ON aoc_member_group REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_stat_apply('group');
CREATE TRIGGER trg_member_psn_stat_ins AFTER INSERT ON aoc_member_person REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_stat_apply('person');
CREATE TRIGGER trg_member_psn_stat_upd AFTER UPDATE ON aoc_member_person REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_stat_apply('person');
CREATE TRIGGER trg_member_psn_stat_del AFTER DELETE ON aoc_member_person REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION aoc_member_stat_apply('person');

-- The rows that exist already (one grouped pass per table, never one jsonb array of a whole table).
INSERT INTO aoc_member_dept_stat (tenant_id, dept_id, kind, dim, key, n)
SELECT x.tenant_id, x.dept_id, 'enterprise', f.dim, f.key, count(*)
  FROM aoc_member_enterprise x, LATERAL aoc_member_facets('enterprise', to_jsonb(x)) f WHERE x.is_deleted = 0 GROUP BY 1, 2, 4, 5;
INSERT INTO aoc_member_dept_stat (tenant_id, dept_id, kind, dim, key, n)
SELECT x.tenant_id, x.dept_id, 'group', f.dim, f.key, count(*)
  FROM aoc_member_group x, LATERAL aoc_member_facets('group', to_jsonb(x)) f WHERE x.is_deleted = 0 GROUP BY 1, 2, 4, 5;
INSERT INTO aoc_member_dept_stat (tenant_id, dept_id, kind, dim, key, n)
SELECT x.tenant_id, x.dept_id, 'person', f.dim, f.key, count(*)
  FROM aoc_member_person x, LATERAL aoc_member_facets('person', to_jsonb(x)) f WHERE x.is_deleted = 0 GROUP BY 1, 2, 4, 5;
INSERT INTO aoc_member_dup_key (tenant_id, kind, name, extra, n)
SELECT tenant_id, 'enterprise', name, '', count(*) FROM aoc_member_enterprise WHERE is_deleted = 0 GROUP BY 1, 3
UNION ALL
SELECT tenant_id, 'group', name, '', count(*) FROM aoc_member_group WHERE is_deleted = 0 GROUP BY 1, 3
UNION ALL
SELECT tenant_id, 'person', name, birth_date::text, count(*) FROM aoc_member_person WHERE is_deleted = 0 AND birth_date IS NOT NULL GROUP BY 1, 3, 4;
ANALYZE aoc_member_dept_stat;
ANALYZE aoc_member_dup_key;
