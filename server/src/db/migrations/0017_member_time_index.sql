-- Member lists and exports read newest first across a whole scope (a city: ~100,000 rows of 1,000,000).
-- Without an index in that order each page or export chunk sorted every row of the scope; with it the
-- scan walks the index in order and stops once the page (or chunk) is full.
CREATE INDEX idx_member_ent_time ON aoc_member_enterprise (tenant_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX idx_member_grp_time ON aoc_member_group (tenant_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX idx_member_psn_time ON aoc_member_person (tenant_id, create_time DESC, id DESC) WHERE is_deleted = 0;
