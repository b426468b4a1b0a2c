-- Money that comes back (issue #12). Which player a Stripe PaymentIntent belongs to, so
-- a later `charge.dispute.*` or `charge.refunded` event (which names only the payment
-- intent and charge) reaches the right wallet. The pack, what it credited and what is
-- reversed stay in the player's wallet Durable Object (its `purchases` table).
-- Kept in step with worker/db/schema.ts.
CREATE TABLE payment_intents (
  payment_intent TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  checkout_session_id TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX payment_intents_user_idx ON payment_intents (user_id, created_at);
