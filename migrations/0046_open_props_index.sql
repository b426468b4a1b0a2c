-- Open prop legs by start (worker/odds/closes-watch.ts): each scheduled run looks for the
-- games with an open prop bet starting within the next minutes. A partial index of those
-- legs only, so the look reads the prop legs about to start rather than every open leg.
CREATE INDEX bet_legs_open_props_idx ON bet_legs (commence_time, sport, event_id) WHERE market = 'Prop' AND result IS NULL;
