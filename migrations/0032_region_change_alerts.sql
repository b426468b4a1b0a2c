-- Region-change alerts (worker/protection/region-change-alerts.ts). `player_regions`: where each
-- player last opened the app from (their user document's region), so a change to that region's
-- rules can reach them. `region_modes_announced`: per region, the rule last announced (its mode,
-- the day it took effect and a redeem-only window's last day); a scheduled run that finds a
-- region's rule changed claims the new one here first, so its alerts go out once.
CREATE TABLE player_regions (
  user_id TEXT PRIMARY KEY NOT NULL,
  region TEXT NOT NULL,
  seen_at INTEGER NOT NULL
);
CREATE INDEX player_regions_region ON player_regions (region);

CREATE TABLE region_modes_announced (
  region TEXT PRIMARY KEY NOT NULL,
  rule TEXT NOT NULL,
  announced_at INTEGER NOT NULL
);
