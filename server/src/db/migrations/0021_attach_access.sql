-- Files belong to what they are attached to: an unguessable public id for links (ids were sequential,
-- so every file could be fetched by counting), the owner's org for data scope, and the stored bytes
-- shared by rows that are copies of one upload.
ALTER TABLE blade_attach ADD COLUMN public_id varchar(32);
UPDATE blade_attach SET public_id = replace(gen_random_uuid()::text, '-', '') WHERE public_id IS NULL;
ALTER TABLE blade_attach ALTER COLUMN public_id SET NOT NULL;
CREATE UNIQUE INDEX uk_attach_public_id ON blade_attach (public_id);
-- Several rows may point at the same bytes (a record copied with its file); the bytes go when the last row does.
DROP INDEX uk_attach_key;
CREATE INDEX idx_attach_key ON blade_attach (storage_key);
CREATE INDEX idx_attach_tenant_dept ON blade_attach (tenant_id, create_dept, create_time DESC) WHERE is_deleted = 0;

-- Links already stored in records move to the public id, so old sequential links stop working.
UPDATE aoc_person_base p SET photo = '/api/blade-resource/attach/download?id=' || a.public_id
  FROM blade_attach a WHERE p.photo = '/api/blade-resource/attach/download?id=' || a.id::text;
UPDATE aoc_org_profile o SET logo = '/api/blade-resource/attach/download?id=' || a.public_id
  FROM blade_attach a WHERE o.logo = '/api/blade-resource/attach/download?id=' || a.id::text;
UPDATE blade_user u SET avatar = '/api/blade-resource/attach/download?id=' || a.public_id
  FROM blade_attach a WHERE u.avatar = '/api/blade-resource/attach/download?id=' || a.id::text;

-- A file is readable through the record that holds its link: these lookups go by the link.
CREATE INDEX idx_person_base_photo ON aoc_person_base (photo) WHERE photo IS NOT NULL;
CREATE INDEX idx_org_profile_logo ON aoc_org_profile (logo) WHERE logo IS NOT NULL;
CREATE INDEX idx_user_avatar ON blade_user (avatar) WHERE avatar IS NOT NULL;
