-- 行政区划 editable for local divisions (BladeX region/submit, remove, import-region): rows an administrator
-- adds below the national divisions are marked local; the national data (is_local = 0) is never changed.
ALTER TABLE blade_region ADD COLUMN is_local smallint NOT NULL DEFAULT 0;
ALTER TABLE blade_region ADD COLUMN remark varchar(255);
