-- 数据质量's "stale" facet by year instead of month (migration 0035 kept one row per org, kind and month of
-- the last update: over 25 years of history that is ~300 rows per org and kind, which a province's cockpit
-- had to sum). The key of dim 'updMonth' is now the year (yyyy, Asia/Shanghai) of the last update; a record
-- is stale when it was last updated before 1 January of the year before last (contract STALE_TEXT).
CREATE OR REPLACE FUNCTION aoc_member_facets(kind text, j jsonb) RETURNS TABLE (dim text, key text) LANGUAGE sql STABLE AS $$
  SELECT 'joinYear', coalesce(left(j ->> 'join_date', 4), '')
  UNION ALL
  SELECT 'industry', coalesce(nullif(btrim(j ->> 'industry'), ''), '') WHERE kind = 'enterprise'
  UNION ALL
  SELECT 'updMonth', to_char(((j ->> 'update_time')::timestamptz) AT TIME ZONE 'Asia/Shanghai', 'YYYY')
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

DELETE FROM aoc_member_dept_stat WHERE dim = 'updMonth';
INSERT INTO aoc_member_dept_stat (tenant_id, dept_id, kind, dim, key, n)
SELECT tenant_id, dept_id, 'enterprise', 'updMonth', to_char(update_time AT TIME ZONE 'Asia/Shanghai', 'YYYY'), count(*)
  FROM aoc_member_enterprise WHERE is_deleted = 0 GROUP BY 1, 2, 5
UNION ALL
SELECT tenant_id, dept_id, 'group', 'updMonth', to_char(update_time AT TIME ZONE 'Asia/Shanghai', 'YYYY'), count(*)
  FROM aoc_member_group WHERE is_deleted = 0 GROUP BY 1, 2, 5
UNION ALL
SELECT tenant_id, dept_id, 'person', 'updMonth', to_char(update_time AT TIME ZONE 'Asia/Shanghai', 'YYYY'), count(*)
  FROM aoc_member_person WHERE is_deleted = 0 GROUP BY 1, 2, 5;
ANALYZE aoc_member_dept_stat;
