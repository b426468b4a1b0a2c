-- Region rule entries operators add in the console under four eyes (worker/admin/region-rules-admin.ts),
-- beside the table Vantage ships (src/shared/region-rules-table.ts). Append-only: a change is
-- a newer entry, so the table keeps its history; the newest entry in force decides
-- (src/shared/region-rules.ts). Each row is one approved request (request_id), written with
-- its audit row.
CREATE TABLE region_rule_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  request_id TEXT NOT NULL,
  region TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('full', 'coins-only', 'redeem-only', 'blocked')),
  from_day TEXT NOT NULL,
  until_day TEXT,
  covers TEXT NOT NULL CHECK (covers IN ('sweepstakes-sports', 'casino-only')),
  min_age INTEGER,
  source_title TEXT NOT NULL,
  source_url TEXT NOT NULL,
  requested_by TEXT NOT NULL,
  approved_by TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX region_rule_entries_request_idx ON region_rule_entries (request_id);
CREATE INDEX region_rule_entries_region_idx ON region_rule_entries (region, from_day);
