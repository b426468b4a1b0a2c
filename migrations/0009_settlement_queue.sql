-- Settlement on Cloudflare Queues (issue #13). A run now only records results and sends
-- one message per (player, ready games); the queue consumer settles the wallets and adds
-- its progress to the run's row. Messages that exhaust their retries land in the
-- dead-letter queue, whose consumer records them here for operators to see and replay.
-- Kept in step with worker/db/schema.ts.
ALTER TABLE settlement_runs ADD COLUMN messages_enqueued INTEGER NOT NULL DEFAULT 0;
-- When every message the run sent had settled its wallet (null while draining).
ALTER TABLE settlement_runs ADD COLUMN drained_at INTEGER;

CREATE TABLE settlement_dead_letters (
  -- The queue message id: a dead letter delivered twice is recorded once.
  id TEXT PRIMARY KEY NOT NULL,
  -- The player the message would settle; null when its body could not be read.
  user_id TEXT,
  -- The message body as sent (JSON), replayed as is.
  body TEXT NOT NULL,
  reason TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  run_id INTEGER,
  received_at INTEGER NOT NULL,
  replayed_at INTEGER,
  replayed_by TEXT,
  replay_count INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX settlement_dead_letters_received_idx ON settlement_dead_letters (received_at);
