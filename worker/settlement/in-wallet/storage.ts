// Settlement's tables in the wallet's storage, as steps of the numbered ladder the root
// composes (worker/wallet-schema.ts, which keeps each rung's purpose): a step shipped is
// never edited, reordered or removed.
//
// Tables (one line each):
//   stats_regrades   per game, the box score version whose statistics this wallet's props were last re-graded from (15)
//   score_corrections per game, the number of the latest score correction this wallet applied (20)
import type { WalletStorageStep } from "../../wallet/schema-migrations";

export const SETTLEMENT_STORAGE: readonly WalletStorageStep[] = [
  {
    version: 15,
    statements: [
      // `stats_regrades`: a corrected box score re-grades the game's props once per version: a
      // repeated correction, or an older one arriving late, finds its version (or a newer one) here
      // and changes nothing.
      `CREATE TABLE IF NOT EXISTS stats_regrades (
         event_id TEXT PRIMARY KEY NOT NULL,
         version INTEGER NOT NULL,
         applied_at INTEGER NOT NULL
       )`,
    ],
  },
  {
    version: 20,
    statements: [
      // `score_corrections`: the latest score correction of each game this wallet applied
      // (`correction:<event id>:<seq>`). A correction numbered lower, arriving after it (a
      // page of an older correction still being driven when a newer one was recorded),
      // changes nothing, so no wallet goes back to a withdrawn score.
      `CREATE TABLE IF NOT EXISTS score_corrections (
         event_id TEXT PRIMARY KEY NOT NULL,
         seq INTEGER NOT NULL,
         applied_at INTEGER NOT NULL
       )`,
    ],
  },
];
