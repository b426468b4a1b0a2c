-- The embedded metrics store (worker/metrics/embedded-store.ts): where development and the
-- tests keep what production writes to Workers Analytics Engine, since Analytics Engine
-- drops writes locally. One row per minute, metric and outcome: how many points, the sum
-- and the largest of their values (latency in ms, an amount, credits, lag in ms). Rows
-- older than two days are deleted as new ones are written. Kept in step with worker/db/schema.ts.
CREATE TABLE metric_points (
  bucket INTEGER NOT NULL,
  metric TEXT NOT NULL,
  outcome TEXT NOT NULL,
  count REAL NOT NULL,
  sum REAL NOT NULL,
  max REAL NOT NULL,
  PRIMARY KEY (bucket, metric, outcome)
);
