-- Dictionaries: one root row per code; keys unique within a code; versioned updates.
ALTER TABLE blade_dict ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE blade_dict_biz ADD COLUMN version integer NOT NULL DEFAULT 1;
CREATE UNIQUE INDEX uk_dict_root_code ON blade_dict (code) WHERE is_deleted = 0 AND parent_id = 0;
CREATE UNIQUE INDEX uk_dict_code_key ON blade_dict (code, dict_key) WHERE is_deleted = 0 AND parent_id <> 0;
CREATE UNIQUE INDEX uk_dict_biz_root_code ON blade_dict_biz (tenant_id, code) WHERE is_deleted = 0 AND parent_id = 0;
CREATE UNIQUE INDEX uk_dict_biz_code_key ON blade_dict_biz (tenant_id, code, dict_key) WHERE is_deleted = 0 AND parent_id <> 0;
CREATE INDEX idx_dict_parent ON blade_dict (parent_id) WHERE is_deleted = 0;
CREATE INDEX idx_dict_biz_parent ON blade_dict_biz (tenant_id, parent_id) WHERE is_deleted = 0;
