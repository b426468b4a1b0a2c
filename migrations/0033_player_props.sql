-- Players' markets ("props"). `prop_player_names`: the operators' corrections of the feed's
-- player names (the feed names players only in each outcome's description): a feed name, per
-- sport, maps to one player id and the name shown; without an entry a name's slug is its id.
-- `feed_props_usage_monthly`: per calendar month (UTC) and sport, the per-event odds calls made
-- for props and the credits they cost, so the credit guard can hold props to their share of the
-- month's credits (worker/odds/credit-guard.ts) and the console's Feed view can show the split.
CREATE TABLE prop_player_names (
  sport TEXT NOT NULL,
  feed_name TEXT NOT NULL,
  player_id TEXT NOT NULL,
  display_name TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (sport, feed_name)
);

CREATE TABLE feed_props_usage_monthly (
  month TEXT NOT NULL,
  sport TEXT NOT NULL,
  calls INTEGER NOT NULL,
  credits INTEGER NOT NULL,
  PRIMARY KEY (month, sport)
);
