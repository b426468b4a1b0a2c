-- Glass-box pricing: fair odds and cash-out in the D1 projection. Kept in step with
-- worker/db/schema.ts; written by the wallet's outbox (worker/wallet/projection.ts).

-- The side's fair probability when the leg was placed (src/shared/fair-odds.ts), NULL
-- when its market had none: the /pricing page averages each sport's offered margin
-- (1 − fair_p × decimal) from it.
ALTER TABLE bet_legs ADD COLUMN fair_p REAL;

-- The share of the stake cashed out (0 for none) and what that paid; `payout_paid` counts
-- it too, so stake − payout_paid stays what the house kept. A bet cashed out in full is
-- settled with result 'cashed_out'.
ALTER TABLE bets ADD COLUMN cash_out_stake INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bets ADD COLUMN cash_out_paid INTEGER NOT NULL DEFAULT 0;

-- /pricing reads the last 30 days of settled bets.
CREATE INDEX bets_settled_at_idx ON bets (status, settled_at);
