-- The sweepstakes footing. `sweepstakes_rules`: every distinct text of the Official
-- Sweepstakes Rules the Worker has served, by a sequence number (the version players
-- accept) and the SHA-256 of its content, with the text itself, so what a player accepted
-- can always be read back. `free_entry_codes`: the single-use request codes players write
-- on free-entry cards, who they belong to, where the player was when they asked, and what
-- the operator recorded when the card arrived (the credit itself, once per code, is the
-- player's wallet's). `sweepstakes_winners`: paid redemptions as the wallet projects them,
-- read by the public winners list. Kept in step with worker/db/schema.ts.
CREATE TABLE sweepstakes_rules (
  version INTEGER PRIMARY KEY NOT NULL,
  content_hash TEXT NOT NULL,
  sections_json TEXT NOT NULL,
  effective_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX sweepstakes_rules_hash_idx ON sweepstakes_rules (content_hash);

CREATE TABLE free_entry_codes (
  code TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  region TEXT,
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  recorded_at INTEGER,
  recorded_by TEXT,
  postmarked_on TEXT,
  outcome TEXT
);
CREATE INDEX free_entry_codes_user_idx ON free_entry_codes (user_id, issued_at);

CREATE TABLE sweepstakes_winners (
  redemption_id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  region TEXT,
  paid_at INTEGER NOT NULL
);
CREATE INDEX sweepstakes_winners_paid_idx ON sweepstakes_winners (paid_at);
