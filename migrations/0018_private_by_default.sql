-- Private by default: a player appears in public only under a handle they chose, and
-- Vantage Cash results only when they say so. Kept in step with worker/db/schema.ts.

-- "Show my Vantage Cash results": off until the player turns it on.
ALTER TABLE player_profiles ADD COLUMN show_cash_results INTEGER NOT NULL DEFAULT 0;

-- Hiding a profile or clearing the handle withdraws the player's share links by user.
CREATE INDEX shared_picks_user_idx ON shared_picks (user_id);

-- Links shared before this rule by players without a handle (shown under their name) or
-- with a hidden profile are withdrawn: a later handle or un-hiding must not revive them.
DELETE FROM shared_picks
WHERE user_id NOT IN (SELECT user_id FROM player_profiles WHERE hidden = 0 AND handle IS NOT NULL);
