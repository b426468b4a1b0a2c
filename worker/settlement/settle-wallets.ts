// Calls players' wallets to settle finished games, a bounded number at a time. The queue
// consumer comes through here for every settlement message. Each wallet call grades and
// pays in one Durable Object transaction and is safe to repeat, so a call that fails (or
// whose answer is lost) is simply made again by the message's retry. A game whose players'
// statistics are recorded carries them into the wallet from D1 box_scores, read once per
// batch (messages name them only, to stay small). Each game's result is read from D1 too,
// once per batch: a correction or void since the message was sent replaces its score.
import { z } from "zod";
import { PlayerStatLineSchema } from "../../src/shared/schemas/props";
import { currentOutcomes } from "./current-outcomes";
import type { QueuedOutcome } from "./settlement-message";
import { recordedStats } from "./settlement-store";
import { settlementWallet, type EventOutcome, type SettlementSummary } from "./wallet";

export type WalletWork = { userId: string; outcomes: QueuedOutcome[] };

const StatLinesSchema = z.array(PlayerStatLineSchema);

/** The wallet's outcomes: a final with `props: "ready"` carries its recorded stat lines (none recorded → its props wait). */
async function withStats(db: D1Database, work: readonly WalletWork[]): Promise<EventOutcome[][]> {
  const ready = [...new Set(work.flatMap((w) => w.outcomes.filter((o) => "props" in o && o.props === "ready").map((o) => o.eventId)))];
  const stats = ready.length > 0 ? await recordedStats(db, ready) : new Map<string, string>();
  return work.map((w) =>
    w.outcomes.map((o): EventOutcome => {
      if ("void" in o) return o;
      const { props, ...score } = o;
      if (props === "overdue") return { ...score, props: { overdue: true } };
      const players = props === "ready" ? stats.get(o.eventId) : undefined;
      return players === undefined ? score : { ...score, props: { players: StatLinesSchema.parse(JSON.parse(players)) } };
    }),
  );
}

export type WalletCallResult = { ok: true; summary: SettlementSummary } | { ok: false; error: unknown };

/** Settles each item's wallet, at most `concurrency` calls in flight; results in input order. */
export async function settleWallets(env: Env, work: readonly WalletWork[], now: number, concurrency: number): Promise<WalletCallResult[]> {
  const results: WalletCallResult[] = new Array(work.length);
  // One read of D1's results for the whole batch, handed back to each wallet's own outcomes.
  const current = await currentOutcomes(
    env.DB,
    work.flatMap((w) => w.outcomes),
  );
  let offset = 0;
  const asNow = work.map((w) => {
    const own = current.slice(offset, offset + w.outcomes.length);
    offset += w.outcomes.length;
    return { ...w, outcomes: own };
  });
  const outcomes = await withStats(env.DB, asNow);
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const index = next++;
      const item = work[index]!;
      try {
        results[index] = {
          ok: true,
          summary: await settlementWallet(env, item.userId).applyEventResults(item.userId, outcomes[index]!, now),
        };
      } catch (error) {
        results[index] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, work.length)) }, worker));
  return results;
}
