// Corrected players' statistics inside one player's wallet: a game's box score was corrected
// (an operator's correction under four eyes, or a corrected official one), so every bet of
// this player with a player's market (a Prop leg) on the game is re-graded from the new
// statistics, once per box score version, moving only payout differences as a corrected score
// does (corrections.ts: reason `bet_correction`, reference `<reference>:<bet id>`, winnings
// taken back into what is owed). The game's own markets keep their grades: statistics do not
// change the score. Its props still open are graded too, so a settlement message that read the
// older statistics and arrives late finds nothing left to grade. The version applied is kept
// (stats_regrades): the same version again, or an older one, changes nothing.
import type { PlayerStatLine } from "../../../src/shared/schemas/props";
import type { Ledger } from "../../wallet/ledger";
import { isSingle, playthroughOnGame } from "../../wallet/playthrough";
import { applyRegrade, betsOnGame, type CorrectionSummary, emptyCorrectionSummary } from "./corrections";
import { gradePropLeg } from "./settlement";

export type StatsCorrectionInput = {
  eventId: string;
  /** The box score's version (D1 box_scores.version) these statistics are. */
  version: number;
  players: PlayerStatLine[];
  /** The ledger reference of this version's moves, `stats:<event id>:v<version>`. */
  reference: string;
};

export function applyStatsCorrectionInTx(tx: Ledger, input: StatsCorrectionInput): CorrectionSummary {
  const summary = emptyCorrectionSummary();
  const applied = tx.sql.exec<{ version: number }>("SELECT version FROM stats_regrades WHERE event_id = ?", input.eventId).toArray()[0];
  if (applied && applied.version >= input.version) return summary;
  let cashSinglesChanged = false;
  for (const bet of betsOnGame(tx, input.eventId)) {
    const legResults = bet.legs.map((leg, index) =>
      leg.eventId === input.eventId && leg.market === "Prop" ? gradePropLeg(leg, input.players) : (bet.legResults[index] ?? null),
    );
    if (!applyRegrade(tx, bet, legResults, input.reference, summary)) continue;
    if (bet.wallet === "cash" && isSingle(bet)) cashSinglesChanged = true;
  }
  if (cashSinglesChanged) playthroughOnGame(tx, input.eventId);
  tx.sql.exec(
    `INSERT INTO stats_regrades (event_id, version, applied_at) VALUES (?, ?, ?)
     ON CONFLICT (event_id) DO UPDATE SET version = excluded.version, applied_at = excluded.applied_at`,
    input.eventId,
    input.version,
    tx.now,
  );
  return summary;
}
