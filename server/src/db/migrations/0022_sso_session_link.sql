-- The one-time code and the refresh chain it yields remember the sign-on session that issued them
-- (the session's id hash), so revoking the chain ends that session too (wire contract §4.6): the web
-- app's logout, a reused refresh token, a refused account or tenant do not leave the portal signed on.
ALTER TABLE auth_code ADD COLUMN sso_session_hash varchar(64);
ALTER TABLE auth_refresh_token ADD COLUMN sso_session_hash varchar(64);
CREATE INDEX idx_refresh_sso_session ON auth_refresh_token (sso_session_hash) WHERE sso_session_hash IS NOT NULL;
CREATE INDEX idx_sso_session_user ON auth_sso_session (user_id) WHERE end_time IS NULL;
