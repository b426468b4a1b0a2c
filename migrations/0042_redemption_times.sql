-- Each ended redemption's timeline, projected by the wallets' outbox (topic
-- `redemption_timeline`, worker/payments/in-wallet/redemption-timeline.ts), for the public
-- redemption-time figures on the winners page (worker/sweepstakes/redemption-times.ts):
-- when it was requested, when it was paid (sent to the payout account) or returned to the
-- balance, and whether it was held for identity, an operator's review or a hold (a freeze,
-- a payment under review, an amount owed). No player id, name or amount: the figures are
-- weekly counts, times and shares. Redemptions that ended before this table are not in it.
CREATE TABLE redemption_times (
  redemption_id TEXT PRIMARY KEY,
  requested_at INTEGER NOT NULL,
  paid_at INTEGER,
  returned_at INTEGER,
  held_identity INTEGER NOT NULL DEFAULT 0 CHECK (held_identity IN (0, 1)),
  held_review INTEGER NOT NULL DEFAULT 0 CHECK (held_review IN (0, 1)),
  held_hold INTEGER NOT NULL DEFAULT 0 CHECK (held_hold IN (0, 1))
);
CREATE INDEX redemption_times_paid_idx ON redemption_times (paid_at);
CREATE INDEX redemption_times_returned_idx ON redemption_times (returned_at);
