-- Early fraud warnings (radar.early_fraud_warning.created): every warning Stripe sent, by
-- its id, with the PaymentIntent and charge it names. The warning itself pauses the
-- player's redemptions inside their wallet Durable Object (its `fraud_warnings` table);
-- this copy keeps a warning that arrives before its checkout completed, so the wallet
-- gets it as soon as the payment is recorded. Kept in step with worker/db/schema.ts.
CREATE TABLE fraud_warnings (
  id TEXT PRIMARY KEY NOT NULL,
  payment_intent TEXT NOT NULL,
  charge_id TEXT,
  actionable INTEGER NOT NULL,
  fraud_type TEXT NOT NULL,
  received_at INTEGER NOT NULL
);
CREATE INDEX fraud_warnings_payment_intent_idx ON fraud_warnings (payment_intent);
