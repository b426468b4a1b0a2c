// A result correction with more holders than one call re-grades is finished by the scheduled
// run on its own (worker/settlement/result-correction.ts, continueResultCorrections): a page
// of wallets per run, from where the operator's call stopped, moving nothing twice; and a
// correction the game has had a newer one since is never continued with its old score.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { applyResultCorrection } from "../../worker/settlement/result-correction";
import { recordFinal, signIn, type SignedIn } from "./helpers";
import { betOf, coins, drained, leg, newEventId, newUserId, openBet, seedBets, wallet } from "./settlement-fixtures";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const SECOND_OPERATOR = "ops@vantage.test";
/** One wallet per call and per run, so three holders take an operator's call and two runs. */
const paged = { ...env, CORRECTION_WALLETS_PER_CALL: "1" } as Env;

let admin: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  admin = await signIn(ADMIN_EMAIL, "Operator");
  ops = await signIn(SECOND_OPERATOR, "Second operator");
});

/** Three holders of a 100-Coin home win at +100 on a game recorded 2–1, each paid 200; in the order corrections reach them. */
async function settledGame() {
  const eventId = newEventId();
  const holders = [];
  for (let i = 0; i < 3; i++) {
    const user = newUserId();
    const bet = openBet([leg({ eventId, league: "icehockey_nhl", side: "Home", priceAm: 100, home: "Oilers", away: "Flames" })], {
      stake: 100,
    });
    await seedBets(user, [bet]);
    holders.push({ user, bet });
  }
  const recorded = await recordFinal(eventId, { homeScore: 2, awayScore: 1 }, admin, ops);
  expect(await drained((recorded.answer as { runId: number }).runId)).toMatchObject({ betsSettled: 3 });
  holders.sort((a, b) => (a.user < b.user ? -1 : 1));
  return { eventId, holders };
}

/** The operator's correction, as the console sends it, one wallet per call. */
function correct(eventId: string, score: { homeScore: number; awayScore: number }) {
  const now = Date.now();
  return applyResultCorrection(paged, eventId, score, { operator: ADMIN_EMAIL, reason: "feed fixed" }, { now, feedNow: now }, () =>
    env.DB.prepare("SELECT 1"),
  );
}

async function scheduledRun(): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "*/2 * * * *", scheduledTime: Date.now() }), paged, ctx);
  await waitOnExecutionContext(ctx);
}

/** The references of a holder's correction ledger rows, sorted. */
async function corrections(user: string): Promise<string[]> {
  const ledger = await wallet(user).getLedger(user, Date.now());
  return ledger
    .filter((row) => row.reason === "bet_correction")
    .map((row) => row.reference)
    .sort();
}

async function progress(eventId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT reference FROM correction_progress WHERE reference LIKE ? ORDER BY reference")
    .bind(`correction:${eventId}:%`)
    .all<{ reference: string }>();
  return results.map((r) => r.reference);
}

describe("a correction the operator's call left pending", () => {
  it("is finished by the scheduled runs, a page each, with no operator action; a later run moves nothing", async () => {
    const { eventId, holders } = await settledGame();
    // The away side won: every holder's 200 is taken back, 100 each net.
    expect(await correct(eventId, { homeScore: 1, awayScore: 2 })).toMatchObject({ ok: true, walletsCalled: 1, pending: true });
    expect(await coins(holders[0]!.user)).toBe(4900);
    expect(await coins(holders[1]!.user)).toBe(5100);

    await scheduledRun();
    expect(await coins(holders[1]!.user)).toBe(4900);
    expect(await coins(holders[2]!.user)).toBe(5100);
    expect(await progress(eventId)).toEqual([`correction:${eventId}:1`]);

    await scheduledRun();
    for (const { user, bet } of holders) {
      expect(await betOf(user, bet.id)).toMatchObject({ result: "loss", payoutPaid: 0 });
      expect(await coins(user)).toBe(4900);
      expect(await corrections(user)).toEqual([`correction:${eventId}:1:${bet.id}`]);
    }
    expect(await progress(eventId)).toEqual([]);

    await scheduledRun();
    for (const { user, bet } of holders) {
      expect(await coins(user)).toBe(4900);
      expect(await corrections(user)).toEqual([`correction:${eventId}:1:${bet.id}`]);
    }
  });

  it("is not continued once replaced: the newer correction reaches every holder, the old score none it had not", async () => {
    const { eventId, holders } = await settledGame();
    // Correction 1 (an away win) reaches the first holder; correction 2 (a tie: a push) replaces it.
    await correct(eventId, { homeScore: 1, awayScore: 2 });
    expect(await correct(eventId, { homeScore: 2, awayScore: 2 })).toMatchObject({ ok: true, correction: 2, pending: true });
    expect(await progress(eventId)).toEqual([`correction:${eventId}:1`, `correction:${eventId}:2`]);

    await scheduledRun();
    expect(await progress(eventId)).toEqual([`correction:${eventId}:2`]);
    await scheduledRun();
    await scheduledRun();
    expect(await progress(eventId)).toEqual([]);
    const [first, ...others] = holders;
    expect(await corrections(first!.user)).toEqual([
      `correction:${eventId}:1:${first!.bet.id}`,
      `correction:${eventId}:2:${first!.bet.id}`,
    ]);
    for (const { user, bet } of others) expect(await corrections(user)).toEqual([`correction:${eventId}:2:${bet.id}`]);
    for (const { user, bet } of holders) {
      expect(await betOf(user, bet.id)).toMatchObject({ result: "push", payoutPaid: 100 });
      expect(await coins(user)).toBe(5000);
    }
  });

  it("is not continued when the newer correction already reached everyone: no holder goes back to the old score", async () => {
    const { eventId, holders } = await settledGame();
    await correct(eventId, { homeScore: 1, awayScore: 2 });
    // Correction 2 restores the recorded 2–1 win, and the operator drives it to the last holder.
    const calls = [];
    for (let i = 0; i < 3; i++) calls.push(await correct(eventId, { homeScore: 2, awayScore: 1 }));
    expect(calls.map((c) => c.ok && c.pending)).toEqual([true, true, false]);
    expect(await progress(eventId)).toEqual([`correction:${eventId}:1`]);

    await scheduledRun();
    await scheduledRun();
    expect(await progress(eventId)).toEqual([]);
    for (const { user, bet } of holders) {
      expect(await betOf(user, bet.id)).toMatchObject({ result: "win", payoutPaid: 200 });
      expect(await coins(user)).toBe(5100);
    }
    for (const { user } of holders.slice(1)) expect(await corrections(user)).toEqual([]);
  });
});

describe("a wallet's corrections in order", () => {
  it("an older correction arriving after a newer one reached the wallet changes nothing", async () => {
    const { eventId, holders } = await settledGame();
    const { user, bet } = holders[0]!;
    const apply = (seq: number, homeScore: number, awayScore: number) =>
      wallet(user).applyResultCorrection(user, { eventId, homeScore, awayScore, reference: `correction:${eventId}:${seq}` }, Date.now());
    // Correction 2 (the away side won) reaches the wallet first; correction 1's page comes late.
    expect(await apply(2, 1, 2)).toMatchObject({ betsChanged: 1 });
    expect(await coins(user)).toBe(4900);
    expect(await apply(1, 3, 1)).toMatchObject({ betsChanged: 0, superseded: true });
    expect(await betOf(user, bet.id)).toMatchObject({ result: "loss" });
    expect(await coins(user)).toBe(4900);
    // Correction 2 again, or a newer one, still applies.
    expect(await apply(2, 1, 2)).toMatchObject({ betsChanged: 0 });
    expect(await apply(3, 4, 1)).toMatchObject({ betsChanged: 1 });
    expect(await coins(user)).toBe(5100);
  });
});
