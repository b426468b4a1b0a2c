-- Markets an operator suspended from the Risk view (worker/exposure/risk-routes.ts), for
-- the board to show them suspended: the game's exposure object refuses bets on them
-- whatever this table says; this copy only tells players why before they try.
CREATE TABLE house_suspensions (
  event_id TEXT NOT NULL,
  sport TEXT NOT NULL,
  market TEXT NOT NULL,
  at INTEGER NOT NULL,
  by_operator TEXT NOT NULL,
  reason TEXT NOT NULL,
  PRIMARY KEY (event_id, market)
);
CREATE INDEX house_suspensions_by_sport ON house_suspensions (sport);
