-- Handles that look like another player's: PATCH /api/me refuses a handle whose UTS #39
-- skeleton (src/shared/handles.ts handleSkeleton) is another player's, "j0rdan" beside
-- "jordan" or "rnike" beside "mike". The skeleton is a generated column, so every row has
-- one, those written before this migration included, and it can never fall out of step
-- with the handle. Handles hold only a-z 0-9 _ (lower case), where the confusables.txt
-- rows that apply (src/shared/confusables.ts) are 0 → O, 1 → l and m → rn, and the
-- skeleton is lower-cased: so 0 → o, 1 → l, m → rn. The index is not unique: players
-- who chose look-alike handles before this keep them; the Worker checks new ones.
-- Kept in step with worker/db/schema.ts and with handleSkeleton (test/worker/handle-look-alikes.test.ts).
ALTER TABLE player_profiles ADD COLUMN handle_skeleton TEXT
  GENERATED ALWAYS AS (replace(replace(replace(lower(handle), '0', 'o'), '1', 'l'), 'm', 'rn')) VIRTUAL;
CREATE INDEX player_profiles_handle_skeleton_idx ON player_profiles (handle_skeleton);
