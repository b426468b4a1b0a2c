-- A handle a player gave up (renamed or cleared) stays theirs for HANDLE_HOLD_DAYS: links to
-- /u/<handle>, follows by it and what others remember of it must not move to another player at
-- once. Keyed by the handle's look-alike skeleton (handleSkeleton in src/shared/handles.ts), so
-- a look-alike of it is held too; the player who gave it up may take it back at any time
-- (worker/social/player-profiles.ts).
CREATE TABLE released_handles (
  skeleton TEXT PRIMARY KEY,
  handle TEXT NOT NULL,
  user_id TEXT NOT NULL,
  released_at INTEGER NOT NULL
);
