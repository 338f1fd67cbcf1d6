-- The chamber-information reminder (specification §4, §7 cocBigScreen/getCocBigScreenViewStatus and
-- updateCocBigScreenViewStatus): a user's 不再提醒. One row per user; view_status 1 = not to be reminded again.
CREATE TABLE aoc_coc_big_screen_view (
  user_id      bigint       PRIMARY KEY,
  tenant_id    varchar(12)  NOT NULL,
  view_status  smallint     NOT NULL DEFAULT 0 CHECK (view_status IN (0, 1)),
  update_time  timestamptz  NOT NULL DEFAULT now()
);
