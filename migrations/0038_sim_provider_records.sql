-- Reconciliation with the payment provider (worker/reconciliation/).
--
-- The simulated provider's own records beside its checkout sessions: the transfers it
-- answered and the refunds and disputes its local pages reported, so the simulator can
-- list what it paid and took back the way Stripe's list APIs do.
CREATE TABLE sim_transfers (
  id TEXT PRIMARY KEY NOT NULL,
  redemption_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX sim_transfers_created_idx ON sim_transfers (created_at);

CREATE TABLE sim_reversals (
  id TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('refund', 'dispute')),
  payment_intent TEXT NOT NULL,
  charge_id TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX sim_reversals_created_idx ON sim_reversals (created_at);

-- What the wallets booked of the provider's money, projected through their outbox: a
-- pack credited (reference = Checkout Session id), a refund's newly refunded amount
-- (reference = refund:<payment intent>:<cumulative cents>) and a dispute opened
-- (reference = dispute id). Keyed by kind and reference, so a replayed outbox row adds
-- nothing.
CREATE TABLE payment_bookings (
  kind TEXT NOT NULL CHECK (kind IN ('credit', 'refund', 'dispute')),
  reference TEXT NOT NULL,
  user_id TEXT NOT NULL,
  payment_intent TEXT,
  amount_cents INTEGER NOT NULL,
  booked_at INTEGER NOT NULL,
  PRIMARY KEY (kind, reference)
);
CREATE INDEX payment_bookings_booked_idx ON payment_bookings (booked_at);

-- One row per reconciliation of a UTC day (cron or operator) and the differences it found.
CREATE TABLE reconciliation_runs (
  id TEXT PRIMARY KEY NOT NULL,
  day TEXT NOT NULL,
  trigger TEXT NOT NULL CHECK (trigger IN ('cron', 'operator')),
  requested_by TEXT,
  provider TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  error TEXT,
  counts TEXT NOT NULL DEFAULT '{}',
  differences INTEGER NOT NULL DEFAULT 0,
  started_at INTEGER NOT NULL,
  finished_at INTEGER NOT NULL
);
CREATE INDEX reconciliation_runs_day_idx ON reconciliation_runs (day, started_at);
CREATE INDEX reconciliation_runs_started_idx ON reconciliation_runs (started_at);

CREATE TABLE reconciliation_differences (
  run_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  view TEXT NOT NULL CHECK (view IN ('packs', 'payouts', 'reversals')),
  kind TEXT NOT NULL,
  user_id TEXT,
  provider_ref TEXT,
  vantage_ref TEXT,
  provider_cents INTEGER,
  vantage_cents INTEGER,
  at INTEGER NOT NULL,
  detail TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
);
