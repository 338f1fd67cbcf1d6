-- 个人中心 (specification §2 /portal/myCenter): changing the bound phone takes two steps (更换手机号),
-- a code to the number bound now, then one to the new number. The first step, once its code is right,
-- is remembered here for a few minutes: one row per user, bound to the number it verified (a keyed
-- hash, never the number), taken by the change that uses it.
CREATE TABLE blade_user_mobile_step (
  user_id     bigint       PRIMARY KEY,
  tenant_id   varchar(12)  NOT NULL,
  mobile_hash text         NOT NULL,
  expires_at  timestamptz  NOT NULL,
  create_time timestamptz  NOT NULL DEFAULT now()
);

-- A number binds one account of a tenant: binding looks it up by the exact number.
CREATE INDEX idx_user_tenant_phone ON blade_user (tenant_id, phone) WHERE is_deleted = 0 AND phone IS NOT NULL;
