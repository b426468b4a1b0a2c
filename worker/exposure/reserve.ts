// The bet path's side of the exposure objects: before the wallet commits a priced slip,
// each game it touches reserves the slip's positions there under the slip's id (in
// parallel, one call per game). The wallet's outbox confirms them with the bets
// (relay.ts); when the wallet refuses the slip, the route releases them. A game that
// refuses (a limit, a suspended market) refuses the slip, and the reservations other games
// already made are released. The refusal names the largest stake per bet that would have
// been accepted.
import type { WalletKind } from "../../src/shared/money";
import { decimalFraction, parlayPricesAm, payoutFor } from "../../src/shared/payout";
import type { BetLeg, SameGameBlock } from "../../src/shared/schemas/bets";
import type { Refusal } from "../../src/shared/refusals";
import type { Tunables } from "../tunables";
import { labelOf, pickOf } from "./book";
import type { GameExposure, GameRef, ReserveAnswer, ReservedPosition } from "./game-exposure-object";

export type ExposureSlip = {
  /** The slip's id, as the wallet will write it on the bets. */
  slipId: string;
  kind: "Singles" | "Parlay";
  wallet: WalletKind;
  /** Per bet, in minor units. */
  stake: number;
  legs: readonly BetLeg[];
  sameGame: readonly SameGameBlock[];
};

/** A slip's positions on each game it touches, in the wallet's bet order. */
export type SlipPositions = Map<string, { game: GameRef; positions: ReservedPosition[] }>;

export function gameName(sport: string, eventId: string): string {
  return `${sport}:${eventId}`;
}

export function exposureObject(env: Env, sport: string, eventId: string): DurableObjectStub<GameExposure> {
  const namespace = env.GAME_EXPOSURE;
  return namespace.get(namespace.idFromName(gameName(sport, eventId)));
}

export function gameOf(leg: BetLeg): GameRef {
  return { eventId: leg.eventId, sport: leg.league, home: leg.home, away: leg.away, startTime: leg.startTime };
}

/** What one unit of stake pays when all of `pricesAm` win (the decimal price, unrounded). */
function decimalOf(pricesAm: readonly number[]): number {
  return pricesAm.reduce((d, price) => {
    const f = decimalFraction(price);
    return (d * Number(f.num)) / Number(f.den);
  }, 1);
}

/** The wallet's bets of a slip (Singles: one per leg; a Parlay: one), as positions per game they touch. */
export function slipPositions(slip: ExposureSlip): SlipPositions {
  const groups = slip.kind === "Parlay" ? [slip.legs] : slip.legs.map((leg) => [leg]);
  const blocks = slip.kind === "Parlay" ? slip.sameGame : [];
  const out: SlipPositions = new Map();
  groups.forEach((legs, bet) => {
    const prices = parlayPricesAm(legs, blocks);
    const payout = payoutFor(slip.stake, prices);
    const perStake = decimalOf(prices);
    for (const leg of legs) {
      const name = gameName(leg.league, leg.eventId);
      let entry = out.get(name);
      if (!entry) {
        entry = { game: gameOf(leg), positions: [] };
        out.set(name, entry);
      }
      let position = entry.positions.find((p) => p.bet === bet);
      if (!position) {
        position = { bet, perStake, currency: slip.wallet, stake: slip.stake, payout, picks: [], labels: {} };
        entry.positions.push(position);
      }
      const pick = pickOf(leg);
      (position.picks as { market: string; selection: string }[]).push(pick);
      position.labels![pick.market] = labelOf(leg);
    }
  });
  return out;
}

/**
 * Asks every game at once. When one call throws (an object reset or overloaded), what the
 * others reserved is released before the error goes on, so nothing is left holding room
 * that no placement or cash-out will confirm.
 */
export async function askEveryGame<A extends { ok: boolean }>(
  calls: readonly (() => Promise<A>)[],
  release: (index: number) => Promise<unknown>,
): Promise<A[]> {
  const settled = await Promise.allSettled(calls.map((call) => call()));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (!failed) return settled.map((s) => (s as PromiseFulfilledResult<A>).value);
  await Promise.allSettled(settled.map((s, i) => (s.status === "fulfilled" && s.value.ok ? release(i) : undefined)));
  throw failed.reason;
}

export type ExposureHold =
  | { ok: true; release(): Promise<void> }
  | Extract<Refusal, { code: "exposure-limit" | "exposure-full" | "market-suspended-by-house" | "exposure-unavailable" }>;

/** Reserves a slip on every game it touches; a refusal releases what other games reserved. */
export async function reserveExposure(env: Env, rules: Tunables, slip: ExposureSlip, now: number): Promise<ExposureHold> {
  const limit = slip.wallet === "cash" ? rules.MAX_CASH_EXPOSURE_CENTS : rules.MAX_COINS_EXPOSURE;
  const games = [...slipPositions(slip).entries()];
  const stubs = games.map(([, entry]) => exposureObject(env, entry.game.sport, entry.game.eventId));
  const answers = await askEveryGame<ReserveAnswer>(
    games.map(
      ([, entry], i) =>
        () =>
          stubs[i]!.reserve({ slipId: slip.slipId, game: entry.game, positions: entry.positions, limit }, now),
    ),
    (i) => stubs[i]!.release(slip.slipId),
  );
  const release = () => Promise.all(stubs.map((stub, i) => (answers[i]?.ok ? stub.release(slip.slipId) : undefined))).then(() => {});
  const refused = answers.find((a) => !a.ok);
  if (refused && !refused.ok) {
    await release();
    // A game that could not judge the slip refuses it whatever the others said.
    if (refused.code === "book-unread" || answers.some((a) => !a.ok && a.code === "book-unread")) {
      return { ok: false, code: "exposure-unavailable" };
    }
    if (refused.code === "suspended-by-house") return { ok: false, code: "market-suspended-by-house", details: { market: refused.market } };
    const largest = Math.min(...answers.map((a) => (!a.ok && a.code === "exposure-limit" ? a.largestStake : Number.MAX_SAFE_INTEGER)));
    return largest <= 0
      ? { ok: false, code: "exposure-full", details: { market: refused.market } }
      : { ok: false, code: "exposure-limit", details: { wallet: slip.wallet, largestStake: largest } };
  }
  return { ok: true, release };
}
