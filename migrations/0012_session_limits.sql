-- Security review (issue 18), finding 10: a sign-in ends for good. Every refresh token
-- carries when its family (one sign-in) started, so rotating can never carry a session
-- past REFRESH_FAMILY_MAX_AGE_DAYS. Existing families start at their oldest token.
ALTER TABLE refresh_tokens ADD COLUMN family_started_at INTEGER NOT NULL DEFAULT 0;
UPDATE refresh_tokens
SET family_started_at = (SELECT MIN(r.created_at) FROM refresh_tokens AS r WHERE r.family_id = refresh_tokens.family_id);
