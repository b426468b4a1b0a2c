// What one bet costs D1, counted where docs/capacity.md says it is spent: the wallet's outbox
// sends D1 one batch per drain, so the statements of the batches a player's wallet sends for
// a bet placed and for its settlement are the writes (and reads) the capacity model counts.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Event } from "../../src/shared/schemas/events";
import { getUserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { signIn, type SignedIn } from "./helpers";

/**
 * What one statement does, by the table it touches: `table` for a write, `table (read)` for a
 * read. The binding keeps each prepared statement's SQL as `statement`.
 */
function whatItDoes(statement: D1PreparedStatement): string {
  const sql = (statement as unknown as { statement: string }).statement.replace(/\s+/g, " ").trim();
  const write = /^(?:WITH .*?\)\s*)?(?:INSERT(?: OR \w+)? INTO|UPDATE|DELETE FROM) (\w+)/i.exec(sql);
  if (write) return write[1]!;
  const read = /\bFROM (\w+)/i.exec(sql);
  return `${read?.[1] ?? "?"} (read)`;
}

/** The player's wallet sends D1 through a recorder of what each batch's statements do. */
async function countBatches(userId: string): Promise<string[][]> {
  // What signing in left in the outbox reaches D1 first, uncounted.
  await getUserWallet(env, userId).flushOutbox();
  const batches: string[][] = [];
  await runInDurableObject(getUserWallet(env, userId), (held) => {
    const walletEnv = (held as unknown as { env: Env }).env;
    const db = walletEnv.DB;
    const recording = new Proxy(db, {
      get(target, name) {
        if (name === "batch")
          return (statements: D1PreparedStatement[]) => {
            batches.push(statements.map(whatItDoes));
            return target.batch(statements);
          };
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    Object.defineProperty(held, "env", { value: { ...walletEnv, DB: recording }, configurable: true, writable: true });
  });
  return batches;
}

/** A 100-coin single on the home side of `event`'s moneyline. */
const coinSingle = (player: SignedIn, event: Event) =>
  placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 100, picks: [pickOf(event, "Moneyline", "Home")] });

describe("D1 statements a bet costs", () => {
  it("a single reaches D1 in one batch of four statements: the balances, the bet, its leg and its receipt", async () => {
    const player = await signIn();
    const batches = await countBatches(player.userId);
    const [event] = await openEvents(1);
    const placed = await coinSingle(player, event!);
    expect(placed.status).toBe(200);
    await getUserWallet(env, player.userId).flushOutbox();
    expect(batches).toEqual([["wallet_balances", "bets", "bet_legs", "receipts"]]);
  });

  it("a two-leg parlay adds its second leg: five", async () => {
    const player = await signIn();
    const batches = await countBatches(player.userId);
    const [first, second] = await openEvents(2);
    const placed = await placeBet(player.token, {
      kind: "Parlay",
      wallet: "coins",
      amount: 100,
      picks: [pickOf(first!, "Moneyline", "Home"), pickOf(second!, "Moneyline", "Away")],
    });
    expect(placed.status).toBe(200);
    await getUserWallet(env, player.userId).flushOutbox();
    expect(batches).toEqual([["wallet_balances", "bets", "bet_legs", "bet_legs", "receipts"]]);
  });

  it("settling it is one more batch of eleven: the balances, the bet, its leg, six leaderboard writes, the bet counted, and the read of the alerts wanted", async () => {
    const player = await signIn();
    const [event] = await openEvents(1);
    const placed = await coinSingle(player, event!);
    expect(placed.status).toBe(200);
    const batches = await countBatches(player.userId);
    const wallet = getUserWallet(env, player.userId);
    await wallet.applyEventResults(player.userId, [{ eventId: event!.eventId, homeScore: 3, awayScore: 1 }], Date.now());
    await wallet.flushOutbox();
    // Per period (this week, all time): its row upserted, corrected (nothing to move the first time) and its streak.
    const leaderboard = Array<string>(6).fill("leaderboard_stats");
    expect(batches).toEqual([["wallet_balances", "bets", "bet_legs", ...leaderboard, "leaderboard_counted", "push_preferences (read)"]]);
  });
});
