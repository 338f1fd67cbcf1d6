-- 用户平台配置 (BladeX user/platform-detail and user/update-platform): an account's extension for each
-- user type (1 web, 2 app, 3 other) as the JSON text an administrator keeps there, one row per user and type.
CREATE TABLE blade_user_platform (
  user_id      bigint       NOT NULL,
  user_type    smallint     NOT NULL,
  tenant_id    varchar(12)  NOT NULL DEFAULT '000001',
  user_ext     text         NOT NULL DEFAULT '',
  update_user  bigint,
  update_time  timestamptz  NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, user_type)
);
