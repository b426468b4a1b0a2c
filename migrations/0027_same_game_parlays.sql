-- Same-game parlays: a parlay's legs of one game are priced together from the game's score
-- model. The projection keeps each bet's blocks (JSON, as the wallet stores them), which of
-- the /pricing page's kinds it is (single, parlay, same-game) and the margin its prices
-- carried against the fair price at placement (NULL where a leg had no fair price), so the
-- page averages margins and holds per kind with one indexed read. Bets projected before
-- this keep NULL margins; their kind follows from their legs. Kept in step with
-- worker/db/schema.ts.
ALTER TABLE bets ADD COLUMN same_game_json TEXT;
ALTER TABLE bets ADD COLUMN price_kind TEXT NOT NULL DEFAULT 'single';
ALTER TABLE bets ADD COLUMN offered_margin REAL;
UPDATE bets SET price_kind = CASE WHEN json_array_length(legs_json) > 1 THEN 'parlay' ELSE 'single' END;
