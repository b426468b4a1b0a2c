// Settlement's RPC methods on the player's wallet: grading open legs on finished or voided
// games, and re-grading after a corrected score or corrected players' statistics. Installed
// on the composed wallet at the Worker's root; callers type the stub `SettlementWallet`
// (worker/settlement/wallet.ts).
import { loggerFor } from "../../logging/logger";
import type { WalletHost, WalletMethods } from "../../wallet/wallet-object";
import { applyStatsCorrectionInTx, type StatsCorrectionInput } from "./box-score-corrections";
import { applyCorrectionInTx, type CorrectionInput, type CorrectionSummary } from "./corrections";
import { applyEventOutcomes, type EventOutcome, type SettlementSummary } from "./settlement";

export const settlementMethods = {
  /**
   * Grades this player's open legs on the given finished or voided events and pays what
   * became final, at most once. Waits for the D1 projection (even when nothing changed, a
   * lagging one is caught up) so the caller's next query sees the graded legs.
   */
  async applyEventResults(host: WalletHost, userId: string, outcomes: EventOutcome[], now: number): Promise<SettlementSummary> {
    const summary = host.transact(userId, now, (tx) => applyEventOutcomes(tx, outcomes));
    if (summary.ungradable.length > 0) loggerFor(host.env).warn(`settlement: voided ungradable ${summary.ungradable.join("; ")}`);
    await host.flushOutbox();
    return summary;
  },

  /** A corrected score: re-grades this player's bets on the game once, moving only payout differences; waits for the projection. */
  async applyResultCorrection(host: WalletHost, userId: string, input: CorrectionInput, now: number): Promise<CorrectionSummary> {
    const summary = host.transact(userId, now, (tx) => applyCorrectionInTx(tx, input));
    await host.flushOutbox();
    return summary;
  },

  /**
   * A corrected box score: re-grades this player's props on the game once per version, moving
   * only payout differences; an older or repeated version changes nothing. Waits for the projection.
   */
  async applyStatsCorrection(host: WalletHost, userId: string, input: StatsCorrectionInput, now: number): Promise<CorrectionSummary> {
    const summary = host.transact(userId, now, (tx) => applyStatsCorrectionInTx(tx, input));
    await host.flushOutbox();
    return summary;
  },
};

/** Settlement as a caller's stub sees it. */
export type SettlementWallet = WalletMethods<typeof settlementMethods>;
