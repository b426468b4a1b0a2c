-- Nudges near a limit reach a player's browsers the way every other alert does: the
-- wallet writes the alert (a `notice` outbox row, kind 'limit-near') in the transaction
-- that records the nudge, and its outbox drain hands it to the push queue. Nothing reads
-- D1 `player_nudges` for delivery any more, so its delivery mark and the index that found
-- undelivered rows go. The table stays: the record of each nudge, keyed by player and
-- nudge id. Kept in step with worker/db/schema.ts.
DROP INDEX player_nudges_unpushed_idx;
ALTER TABLE player_nudges DROP COLUMN pushed_at;
