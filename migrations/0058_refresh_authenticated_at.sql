-- When the person last authenticated to the identity provider for a sign-in: the ID token's
-- `auth_time`, kept on each refresh token of the family and carried through rotation
-- (worker/auth/refresh-tokens.ts). An operator's money actions need it within
-- ADMIN_STEP_UP_MINUTES (worker/admin/operator-guards.ts): a new sign-in that reused a
-- provider session (a stolen browser session, an unlocked laptop) is not a re-authentication.
-- Null: the provider did not say, so the sign-in counts as not recently authenticated.
-- Kept in step with worker/db/schema.ts.
ALTER TABLE refresh_tokens ADD COLUMN authenticated_at INTEGER;
