// GET /api/bets/:id/cash-out (a quote) and POST /api/bets/:id/cash-out (accepting one).
// The player's own bet only: the wallet is found from the verified token, and a bet or
// quote id of another player is simply not in it (404). The open legs are priced against
// the board, a player's market against its game's props (price-open-legs.ts); a Vantage
// Cash bet's only on a board and props fetched at most PREMATCH_CASH_PRICE_MAX_AGE_SECONDS
// ago, as one is placed: priced first on the copies kept, and only when the quote would be
// offered there, and the player's wallet lets the bet be cashed out within the player's
// hourly budget of early fetches, are the desks asked for younger ones
// (worker/bets/cash-clock.ts). The
// quote and the payment happen in the wallet
// (worker/cash-out/in-wallet.ts), with CASH_OUT_MARGIN as the fee and
// CASH_OUT_QUOTE_SECONDS as a quote's life.
//
// Accepting needs an Idempotency-Key (a retry gets the first answer, paying once) and
// follows the live rules of placing a bet: with a leg on a game under way it is held for
// the live-bet delay of those sports, then judged on the desk's board with scores read at
// most LIVE_BET_REFRESH_SECONDS ago, so a score change or a suspension since the quote
// refuses it (409), and a value that moved answers 409 with the new quote.
//
// Giving a share of the bet back takes its stake off the other selections of its markets,
// which can push one past the house's limit. So, as for a bet, the games' exposure objects
// judge it before the wallet commits: each game the bet has open picks on holds the share
// (worker/exposure/cash-out-hold.ts), or the cash-out is refused (409
// `cash-out-exposure-limit`, naming the largest share that fits). The wallet's outbox
// confirms the holds; a cash-out the wallet does not take releases them.
import { Hono, type Context } from "hono";
import { openStake } from "../../src/shared/bet-outcome";
import { cashOutFactor, stakeShare } from "../../src/shared/cash-out";
import { slipDelaySeconds } from "../../src/shared/live-rules";
import { CashOutRequestSchema, type CashOutResponse } from "../../src/shared/schemas/cash-out";
import { IdempotencyKeySchema, ID_MAX_LENGTH, type BetDocument } from "../../src/shared/schemas/bets";
import type { SportKey } from "../../src/shared/sports";
import { requireUser } from "../auth/require-user";
import { ODDS_STALE_MESSAGE, propsToPrice } from "../bets/price-slip";
import { allowEarlyFetch, priceOnCashClock, type ClockedReads } from "../bets/cash-clock";
import { sha256Hex } from "../digest";
import { holdCashOutExposure } from "../exposure/cash-out-hold";
import { ApiError, parseWith, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { realDeps, type AppDeps } from "../http/app-deps";
import { limitBetPlacement } from "../http/rate-limit";
import { refusalError } from "../http/refusals";
import { loggerFor } from "../logging/logger";
import { finishedEventIds } from "../odds/finished-events";
import { liveRulesOf } from "../odds/live-rules";
import { createOddsReader, type OddsDeps, type OddsReader } from "../odds/odds-service";
import type { DeskBoard } from "../odds/price-desk/desk-board";
import { tunables } from "../tunables";
import { cashOutWallet, type CashOutFailure, type CashOutPricing, type CashOutResult } from "./wallet";
import { priceOpenLegs, type PricedLegs } from "./price-open-legs";
import { waitUntilOf } from "../http/wait-until";
import { allowInRegion } from "../protection/request-region";
import type { PlayContext } from "../../src/shared/protection";
import { z } from "zod";

const BetIdSchema = z.string().min(1).max(ID_MAX_LENGTH);

/** A retried request's first answer, found while handling a refusal (thrown to leave the pricing steps). */
class Replay {
  constructor(readonly response: CashOutResponse) {}
}

function refuse(result: CashOutFailure): never {
  throw refusalError(result);
}

/** Chances by leg or block index, as the wallet reads them. */
function byIndex(chances: Record<number, number>): Map<number, number> {
  return new Map(Object.entries(chances).map(([index, p]) => [Number(index), p]));
}

export function cashOutRoutes(deps: AppDeps & OddsDeps = realDeps, odds: OddsReader = createOddsReader(deps)) {
  const app = new Hono<AppEnv>();

  /**
   * The bet's open legs priced at `now` (on the boards the desks just answered, where given),
   * as the wallet takes them; `play` is the request's, for the wallet's gate.
   */
  const pricingOf = async (
    c: Context<AppEnv>,
    bet: BetDocument,
    now: number,
    play: PlayContext,
    answered?: ReadonlyMap<SportKey, DeskBoard>,
  ) => {
    const rules = tunables(c.env);
    // A Vantage Cash bet is quoted on a board and props as young as it would be placed on: a stale quote is no other half of a bet.
    const maxAgeMs = bet.wallet === "cash" ? rules.PREMATCH_CASH_PRICE_MAX_AGE_SECONDS * 1000 : undefined;
    /** One pricing pass of the open legs, reading boards and props as `reads` says. */
    const priceOn = (reads: ClockedReads) =>
      priceOpenLegs(
        bet,
        async (sport) => {
          const games = new Set(bet.legs.filter((l) => l.league === sport).map((l) => l.eventId));
          const board = await odds.load(c.env, sport, now, { placement: { games }, board: answered?.get(sport), maxAgeMs: reads.maxAgeMs });
          reads.fetched(sport, board.fetchedAt);
          // A game settlement already recorded final or void is over, however fresh the copy.
          const pickedGames = bet.legs
            .filter((l) => l.league === sport)
            .map((l) => ({ eventId: l.eventId, started: Date.parse(l.startTime) <= board.feedNow }));
          const over = await finishedEventIds(c.env.DB, pickedGames, now).catch((err: unknown) => {
            loggerFor(c.env).warn("cash-out: finished-games check failed", err);
            throw new ApiError(409, "odds-stale", ODDS_STALE_MESSAGE);
          });
          if (over.size === 0) return board;
          return { ...board, events: board.events.map((e) => (over.has(e.eventId) ? { ...e, status: "final" as const } : e)) };
        },
        { now, liveMaxAgeMs: rules.LIVE_PRICE_MAX_AGE_SECONDS * 1000 },
        async (sport, eventId) => {
          const answer = await odds.props(c.env, sport, eventId, now, { maxAgeMs: reads.maxAgeMs });
          reads.fetched(`${sport}/${eventId}`, answer.fetchedAt);
          return propsToPrice(answer);
        },
      );
    /**
     * Before `copies` younger copies are fetched for a Vantage Cash bet (cash-clock.ts): the
     * wallet would quote the kept copies' prices, and lets the bet be cashed out within the
     * player's budget of early fetches.
     */
    const quoteOffered = async (kept: PricedLegs, copies: number) => {
      if (cashOutFactor(bet, bet.legResults, byIndex(kept.legChance), byIndex(kept.blockChance)) === null) {
        refuse({ ok: false, code: "cash-out-unavailable" });
      }
      await allowEarlyFetch(c.env, c.var.user.id, { for: "cash-out", betId: bet.id, copies }, now, play);
    };
    const priced = await priceOnCashClock({ now, maxAgeMs }, priceOn, quoteOffered);
    const pricing: CashOutPricing = {
      legChance: priced.legChance,
      blockChance: priced.blockChance,
      marginPercent: rules.CASH_OUT_MARGIN,
      quoteSeconds: rules.CASH_OUT_QUOTE_SECONDS,
    };
    return { pricing, liveSports: priced.liveSports };
  };

  const openBetOf = async (c: Context<AppEnv>, now: number): Promise<BetDocument> => {
    const betId = parseWith(BetIdSchema, c.req.param("id"));
    const bet = await cashOutWallet(c.env, c.var.user.id).getBet(c.var.user.id, betId, now);
    if (!bet) refuse({ ok: false, code: "bet-not-found" });
    if (bet.status !== "open") refuse({ ok: false, code: "bet-settled" });
    return bet;
  };

  // Quoting writes a quote into the player's wallet, so it counts toward the same per-player
  // limit as placing and accepting: a script cannot fill the wallet's storage with quotes.
  app.get("/bets/:id/cash-out", requireUser, limitBetPlacement, async (c) => {
    const now = deps.now();
    const bet = await openBetOf(c, now);
    const play = allowInRegion(c, "bet", bet.wallet);
    const { pricing } = await pricingOf(c, bet, now, play);
    const result = await cashOutWallet(c.env, c.var.user.id).quoteCashOut(c.var.user.id, bet.id, pricing, now, play);
    if (!result.ok) refuse(result);
    return c.json(result.quote, 200);
  });

  app.post("/bets/:id/cash-out", requireUser, limitBetPlacement, async (c) => {
    const rawKey = c.req.header("Idempotency-Key");
    if (!rawKey) throw new ApiError(400, "idempotency-key-required", "An Idempotency-Key header is required.");
    const idempotencyKey = parseWith(IdempotencyKeySchema, rawKey);
    const betId = parseWith(BetIdSchema, c.req.param("id"));
    const request = await readJson(c, CashOutRequestSchema);
    const userId = c.var.user.id;
    const wallet = cashOutWallet(c.env, userId);
    const requestHash = await sha256Hex(JSON.stringify({ betId, ...request }));
    const answer = (result: CashOutResult) => {
      if (!result.ok) refuse(result);
      if (result.replayed) c.header("Idempotent-Replayed", "true");
      return c.json(result.response, 200);
    };

    // The wallet replays a known key inside its own transaction, so the happy path is two
    // round trips (the bet, the cash-out). Only when the bet or its pricing refuses (a retry
    // of a cash-out that settled the bet, or prices moved since) do we ask the wallet whether
    // this key already has an answer to give back.
    let now = deps.now();
    const orReplay = async <T>(at: number, step: () => Promise<T>): Promise<T> => {
      try {
        return await step();
      } catch (err) {
        const seen = await wallet.findCashOut(userId, idempotencyKey, requestHash, at);
        if (seen?.ok) throw new Replay(seen.response);
        throw err;
      }
    };
    let bet: BetDocument;
    let play: PlayContext;
    let priced: Awaited<ReturnType<typeof pricingOf>>;
    try {
      bet = await orReplay(now, () => openBetOf(c, now));
      // A retry of a cash-out already taken replays its answer wherever it comes from.
      play = await orReplay(now, async () => allowInRegion(c, "bet", bet.wallet));
      priced = await orReplay(now, () => pricingOf(c, bet, now, play));
    } catch (err) {
      if (err instanceof Replay) return answer({ ok: true, replayed: true, response: err.response });
      throw err;
    }
    const liveSports = priced.liveSports;
    /** The rest of the cash-out: for a bet with a leg in play the delay and the price again, then the exposure and the wallet. */
    const finish = async (): Promise<Response> => {
      let current = bet;
      if (priced.liveSports.length > 0) {
        // The cash-out holds its key through the delay (or the key's first answer comes back).
        const held = await wallet.claimCashOut(userId, idempotencyKey, requestHash, now);
        if (!("claimed" in held)) return answer(held);
        const rules = tunables(c.env);
        const delaySeconds = slipDelaySeconds(priced.liveSports, liveRulesOf(rules).betDelaySeconds);
        const arrived = now;
        if (delaySeconds > 0) await deps.sleep(delaySeconds * 1000);
        now = deps.now();
        // Scores read before the request arrived say nothing of what happened during its hold.
        const since = Math.max(now - rules.LIVE_BET_REFRESH_SECONDS * 1000, arrived);
        const deadline = now + rules.LIVE_BET_MAX_WAIT_SECONDS * 1000;
        const boards = new Map<SportKey, DeskBoard>();
        for (const sport of priced.liveSports) {
          const fresh = await odds.desk(c.env, sport).freshScores(now, since, deadline);
          // A copy served because the feed's last odds call failed is stale, fresh scores or not.
          if (!fresh?.board || fresh.stale) throw new ApiError(409, "odds-stale", ODDS_STALE_MESSAGE);
          boards.set(sport, fresh.board);
        }
        // Waiting for fresh scores can take seconds more: the cash-out is priced and taken at
        // the moment they came, so no price is older then than the book allows.
        now = deps.now();
        // The bet as it is after the delay (a leg may have been graded meanwhile), priced on the fresh boards.
        const after = await wallet.getBet(userId, bet.id, now);
        if (after?.status !== "open") {
          // Settled meanwhile, perhaps by this very cash-out sent twice: its first answer, if so.
          const seen = await wallet.findCashOut(userId, idempotencyKey, requestHash, now);
          if (seen) return answer(seen);
          refuse({ ok: false, code: "bet-settled" });
        }
        priced = await pricingOf(c, after, now, play, boards);
        current = after;
      }
      // The share the wallet will take back, held on the bet's games before it pays (a
      // fraction under one unit is refused by the wallet, with nothing to hold). The wallet
      // takes the cash-out only while the bet's open stake is the one quoted, so this share
      // is the one it pays or it refuses.
      const share = stakeShare(openStake(current), request.fraction);
      let hold: { release(): Promise<void> } | null = null;
      if (share !== null) {
        try {
          hold = await orReplay(now, async () => {
            const held = await holdCashOutExposure(c.env, tunables(c.env), current, share, now);
            if (!held.ok) refuse(held);
            return held;
          });
        } catch (err) {
          if (err instanceof Replay) return answer({ ok: true, replayed: true, response: err.response });
          throw err;
        }
      }
      const result = await wallet.cashOut(
        userId,
        { ...priced.pricing, play, betId, quoteId: request.quoteId, fraction: request.fraction, idempotencyKey, requestHash },
        now,
      );
      // A cash-out the wallet did not take now (refused, or the key's first answer) releases
      // its holds before it is answered; a taken one is confirmed by the wallet's outbox. A
      // release that fails is logged, and a wallet call that throws (taken or not, unknown)
      // leaves them: they then lapse after EXPOSURE_HOLD_SECONDS, or its relay confirms them.
      if (hold && (!result.ok || result.replayed)) {
        await hold.release().catch((err: unknown) => loggerFor(c.env).warn("cash-out: exposure release failed", err));
      }
      return answer(result);
    };
    const finishing = finish();
    // Held for the delay, a cash-out is judged to its end however the connection fares (the
    // invocation's waitUntil): hanging up during the delay never takes it back once the game turns.
    if (liveSports.length > 0) waitUntilOf(c)?.(finishing.catch(() => undefined));
    return await finishing;
  });

  return app;
}
