-- Paid to a verified person. Before a player's first redemption their identity is verified
-- (Stripe Identity: a document and a matching selfie, or the development simulator); the
-- state itself lives in the player's wallet Durable Object, which checks it inside the
-- redemption's transaction. D1 holds what must be unique across players and what
-- operators read. Kept in step with worker/db/schema.ts.

-- One verified person, one account: a keyed hash (HMAC, IDENTITY_HASH_KEY) of the
-- document's type, issuing country and number belongs to the first player it verified.
-- The number itself is never stored.
CREATE TABLE identity_documents (
  document_hash TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX identity_documents_user_idx ON identity_documents (user_id);

-- The last identity outcome of each player, as the console shows it (the wallet's copy is
-- the one money follows): status verified | pending | needs-input | mismatch | in-use.
CREATE TABLE identity_checks (
  user_id TEXT PRIMARY KEY NOT NULL,
  status TEXT NOT NULL,
  session_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  reason TEXT,
  owner_user_id TEXT,
  updated_at INTEGER NOT NULL
);

-- The simulated identity provider's verification sessions (development only): what its
-- local page was told, read back by the webhook handler as Stripe's verified outputs are.
CREATE TABLE sim_identity_sessions (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  status TEXT NOT NULL,
  document_type TEXT,
  issuing_country TEXT,
  document_number TEXT,
  date_of_birth TEXT,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
