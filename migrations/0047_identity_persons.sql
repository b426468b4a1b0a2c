-- One verified person, one account, whatever document they show: a person is also known
-- by a keyed hash of the name and date of birth their verified document prints
-- (worker/identity/document-hash.ts personHash), owned by the first player it verified.
-- Two different documents of one person (a passport, a driver's licence) on two accounts
-- would otherwise verify both. The name itself is never stored.
CREATE TABLE identity_persons (
  person_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX identity_persons_user_idx ON identity_persons (user_id);

-- The simulated identity page asks for the name on the document too.
ALTER TABLE sim_identity_sessions ADD COLUMN legal_name TEXT;
