-- Signed receipts of placed bets and paid redemptions (worker/receipts/): one per bet or
-- redemption (kind, subject_id), signed once and served as stored. `hash` is the receipt's
-- salted leaf in its UTC day's Merkle tree; receipt_days holds each sealed day's published
-- root, chained to the previous day's.
CREATE TABLE receipts (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  day TEXT NOT NULL,
  salt TEXT NOT NULL,
  hash TEXT NOT NULL,
  record_json TEXT NOT NULL,
  signature TEXT NOT NULL,
  key_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX receipts_subject ON receipts (kind, subject_id);
CREATE INDEX receipts_by_day ON receipts (day, id);

CREATE TABLE receipt_days (
  day TEXT PRIMARY KEY,
  root TEXT NOT NULL,
  previous_root TEXT NOT NULL,
  tree_root TEXT NOT NULL,
  count INTEGER NOT NULL,
  sealed_at INTEGER NOT NULL
);
