-- Refunds and disputes Stripe delivered before the checkout they take back was recorded
-- (Stripe does not promise the order of its events): kept here by payment intent and
-- applied once the checkout's completion is (worker/payments/reversal-webhooks.ts
-- applyKeptReversals), like early fraud warnings. `id` is the event's own state (a refund's
-- charge and refunded amount, a dispute's id and status), so a redelivery keeps it once.
CREATE TABLE kept_reversals (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  payment_intent TEXT NOT NULL,
  object_json TEXT NOT NULL,
  received_at INTEGER NOT NULL
);
CREATE INDEX kept_reversals_payment_intent_idx ON kept_reversals (payment_intent, received_at);
