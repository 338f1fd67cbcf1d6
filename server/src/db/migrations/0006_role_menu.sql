-- Roles, menus, top menus, data and api scopes.

-- Roles: versioned updates; an alias is unique within a tenant, org roles (dept_id set) included,
-- so no org role can ever take the alias of a built-in one (administrator, admin).
ALTER TABLE blade_role ADD COLUMN version integer NOT NULL DEFAULT 1;
DROP INDEX uk_role_alias;
CREATE UNIQUE INDEX uk_role_alias ON blade_role (tenant_id, role_alias) WHERE is_deleted = 0;
CREATE INDEX idx_role_tenant_parent ON blade_role (tenant_id, parent_id) WHERE is_deleted = 0;
CREATE INDEX idx_role_dept ON blade_role (dept_id) WHERE is_deleted = 0 AND dept_id IS NOT NULL;

-- Menus: versioned updates (code stays unique: uk_menu_code).
ALTER TABLE blade_menu ADD COLUMN version integer NOT NULL DEFAULT 1;

-- Top menus: versioned updates; code unique within a tenant; settings found by menu too.
ALTER TABLE blade_top_menu ADD COLUMN version integer NOT NULL DEFAULT 1;
CREATE UNIQUE INDEX uk_top_menu_code ON blade_top_menu (tenant_id, code) WHERE is_deleted = 0;
CREATE INDEX idx_top_menu_setting_menu ON blade_top_menu_setting (menu_id);

-- Data and api scopes: versioned updates; listed by menu; grants found by scope.
ALTER TABLE blade_scope_data ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE blade_scope_api ADD COLUMN version integer NOT NULL DEFAULT 1;
CREATE INDEX idx_scope_data_menu ON blade_scope_data (menu_id) WHERE is_deleted = 0;
CREATE INDEX idx_scope_data_resource ON blade_scope_data (resource_code) WHERE is_deleted = 0;
CREATE INDEX idx_scope_api_menu ON blade_scope_api (menu_id) WHERE is_deleted = 0;
CREATE INDEX idx_role_scope_scope ON blade_role_scope (scope_category, scope_id);
