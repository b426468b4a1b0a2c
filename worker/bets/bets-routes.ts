// POST /api/placeBet and GET /api/bets. Placement: the Idempotency-Key is replayed
// first (a retry gets the first answer even if the odds moved since), then the slip is
// re-priced against the current odds (price-slip.ts; a player's market against its game's
// current props, read once per game, and capped at PROP_MAX_PAYOUT_*; a Vantage Cash slip
// only on boards and props fetched at most PREMATCH_CASH_PRICE_MAX_AGE_SECONDS ago: priced
// first on the copies kept, and only when it passes there and the player's wallet would
// take it, within the player's hourly budget of early fetches, are the desks asked for
// younger ones (cash-clock.ts); none coming is a 409 odds-stale), then each game's
// exposure object reserves the slip against the house's limits (worker/exposure/), then ONE
// wallet call re-checks the balance, debits and writes the bets atomically; the wallet's
// outbox confirms the reservation with the bets (it is released when the wallet refused). Every refusal is a
// 4xx that changed nothing; 'Not enough balance.' is a 400 like the spec's other
// place-bet checks.
//
// In play: a slip with a leg on a game under way is priced (the live rules must offer
// each live leg), then held for the live-bet delay of its sports (LIVE_BET_DELAY_SECONDS
// / LIVE_BET_DELAY_BY_SPORT). Then the game as it is now: each live sport's price desk
// hands over its board with scores read at most LIVE_BET_REFRESH_SECONDS ago (one scores
// call shared by everyone waiting), and the slip is priced again against it, so a score
// change or a finished game since the price, a window that closed or a price that moved
// refuses it like any other (409). No fresh scores within LIVE_BET_MAX_WAIT_SECONDS is a
// 409 `odds-stale`. The request simply takes longer; the Idempotency-Key still places at
// most once (the wallet replays it), and a retry of a bet already placed answers at once
// without a second delay.
import { Hono, type Context } from "hono";
import { BetsQuerySchema, IdempotencyKeySchema, PlaceBetRequestSchema, type BetsPage } from "../../src/shared/schemas/bets";
import type { SportKey } from "../../src/shared/sports";
import { requireUser } from "../auth/require-user";
import { limitBetPlacement } from "../http/rate-limit";
import { ApiError, parseWith, readJson } from "../http/api-error";
import { refusalError } from "../http/refusals";
import type { AppEnv } from "../http/app-types";
import { createOddsReader, type OddsDeps, type OddsReader } from "../odds/odds-service";
import { liveRulesOf } from "../odds/live-rules";
import { slipDelaySeconds } from "../../src/shared/live-rules";
import { realDeps, type AppDeps } from "../http/app-deps";
import type { DeskBoard } from "../odds/price-desk/desk-board";
import { tunables } from "../tunables";
import type { BetsCursor } from "../wallet";
import { betsWallet, type PlaceBetsResult } from "./wallet";
import { ODDS_STALE_MESSAGE, priceSlip, propsToPrice, type PricedSlip } from "./price-slip";
import { allowEarlyFetch, priceOnCashClock, type ClockedReads } from "./cash-clock";
import { finishedEventIds } from "../odds/finished-events";
import { allowInRegion } from "../protection/request-region";
import { withRulesVersion } from "../sweepstakes/rules-gate";
import { loggerFor } from "../logging/logger";
import { sha256Hex } from "../digest";
import { unitsToMinor } from "../../src/shared/money";
import { validatePlaceBet } from "../../src/shared/betslip";
import { reserveExposure } from "../exposure/reserve";
import { waitUntilOf } from "../http/wait-until";

function answer(c: Context<AppEnv>, result: PlaceBetsResult) {
  if (!result.ok) throw refusalError(result);
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  return c.json(result.response, 200);
}

/**
 * The slip's id: the server's, the same for every retry of one placement (the key and the
 * very same request), so a retry reserves once; another request under the same key is
 * another slip, judged on its own against the house's limits.
 */
export async function slipIdFor(userId: string, idempotencyKey: string, requestHash: string): Promise<string> {
  return (await sha256Hex(`slip:${userId}:${idempotencyKey}:${requestHash}`)).slice(0, 32);
}

export function encodeBetsCursor(cursor: BetsCursor): string {
  return btoa(JSON.stringify([cursor.createdAt, cursor.id]))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function decodeBetsCursor(text: string): BetsCursor {
  try {
    const [createdAt, id] = JSON.parse(atob(text.replace(/-/g, "+").replace(/_/g, "/"))) as unknown[];
    if (Number.isSafeInteger(createdAt) && typeof id === "string" && id.length <= 128) return { createdAt: createdAt as number, id };
  } catch {
    // fall through to the 400 below
  }
  throw new ApiError(400, "invalid-cursor", "The page cursor is not valid.");
}

export function betsRoutes(deps: AppDeps & OddsDeps = realDeps, odds: OddsReader = createOddsReader(deps)) {
  const app = new Hono<AppEnv>();

  app.post("/placeBet", requireUser, limitBetPlacement, async (c) => {
    const rawKey = c.req.header("Idempotency-Key");
    if (!rawKey) throw new ApiError(400, "idempotency-key-required", "An Idempotency-Key header is required.");
    const idempotencyKey = parseWith(IdempotencyKeySchema, rawKey);
    const request = await readJson(c, PlaceBetRequestSchema);
    const userId = c.var.user.id;
    const wallet = betsWallet(c.env, userId);
    const requestHash = await sha256Hex(JSON.stringify(request));
    // The wallet replays a known key inside its own transaction, so the happy path is one
    // round trip. Only when a step refuses the slip (the region now, odds moved since the
    // first try) do we ask the wallet whether this key already has an answer to give back.
    const orReplay = async <T>(now: number, step: () => Promise<T>) => {
      try {
        return { done: await step() };
      } catch (err) {
        const seen = await wallet.findPlacement(userId, idempotencyKey, requestHash, now);
        if (seen) return { seen };
        throw err;
      }
    };

    // A retry of a slip already placed gets its first answer wherever it comes from.
    const gate = await orReplay(deps.now(), () => withRulesVersion(c.env, allowInRegion(c, "bet", request.wallet)));
    if (gate.seen) return answer(c, gate.seen);
    const play = gate.done;
    const rules = tunables(c.env);
    const liveMaxAgeMs = rules.LIVE_PRICE_MAX_AGE_SECONDS * 1000;
    // Vantage Cash is priced on a board and props fetched at most PREMATCH_CASH_PRICE_MAX_AGE_SECONDS ago; Coins on their own clocks.
    const maxAgeMs = request.wallet === "cash" ? rules.PREMATCH_CASH_PRICE_MAX_AGE_SECONDS * 1000 : undefined;
    const propMaxPayout = { coins: rules.PROP_MAX_PAYOUT_COINS, cash: rules.PROP_MAX_PAYOUT_CASH_CENTS };

    /** One pricing pass of the slip at `now`, reading boards and props as `reads` says. */
    const priceOn = (reads: ClockedReads, now: number, answered?: ReadonlyMap<SportKey, DeskBoard>) =>
      priceSlip(
        request,
        async (sport) => {
          const picked = new Set(request.picks.filter((p) => p.league === sport).map((p) => p.eventId));
          const board = await odds.load(c.env, sport, now, {
            placement: { games: picked },
            board: answered?.get(sport),
            maxAgeMs: reads.maxAgeMs,
          });
          reads.fetched(sport, board.fetchedAt);
          // Games settlement already recorded final or void leave the board, however fresh
          // the cached copy; if D1 cannot say which games are over, refuse as stale odds.
          const games = board.events
            .filter((e) => picked.has(e.eventId))
            .map((e) => ({ eventId: e.eventId, started: Date.parse(e.startTime) <= board.feedNow }));
          if (games.length === 0) return board;
          const over = await finishedEventIds(c.env.DB, games, now).catch((err: unknown) => {
            loggerFor(c.env).warn("placeBet: finished-games check failed", err);
            throw new ApiError(409, "odds-stale", ODDS_STALE_MESSAGE);
          });
          // A game the desk already shows closed as over stays, so the refusal can name it.
          const gone = (e: (typeof board.events)[number]) => over.has(e.eventId) && e.status !== "final";
          return over.size === 0 ? board : { ...board, events: board.events.filter((e) => !gone(e)) };
        },
        { now, liveMaxAgeMs, propMaxPayout },
        async (sport, eventId) => {
          const answer = await odds.props(c.env, sport, eventId, now, { maxAgeMs: reads.maxAgeMs });
          reads.fetched(`${sport}/${eventId}`, answer.fetchedAt);
          return propsToPrice(answer);
        },
      );

    /**
     * Before the desks are asked for `copies` younger copies for a Vantage Cash slip
     * (cash-clock.ts): the wallet would take it at the kept copies' prices, and the player's
     * budget of early fetches has them. Placing still makes every check in its own transaction.
     */
    const walletWouldTake = (kept: PricedSlip, copies: number, now: number) =>
      allowEarlyFetch(
        c.env,
        userId,
        {
          for: "slip",
          copies,
          slip: { kind: request.kind, wallet: request.wallet, amount: request.amount, legs: kept.legs, sameGame: kept.sameGame },
        },
        now,
        play,
      );

    /** Prices the slip at `now`, on the boards the desks just answered where given; Vantage Cash on its clock (cash-clock.ts). */
    const price = (now: number, answered?: ReadonlyMap<SportKey, DeskBoard>) =>
      priceOnCashClock(
        { now, maxAgeMs },
        (reads) => priceOn(reads, now, answered),
        (kept, copies) => walletWouldTake(kept, copies, now),
      );

    /** Each live sport's board with scores read at most LIVE_BET_REFRESH_SECONDS before `now`; 409 odds-stale when one does not come in time. */
    const afterDelay = async (now: number, liveSports: readonly SportKey[]) => {
      // Scores read before the slip arrived say nothing of what happened during its hold,
      // whatever the delay and the refresh window are set to.
      const since = Math.max(now - rules.LIVE_BET_REFRESH_SECONDS * 1000, firstNow);
      const deadline = now + rules.LIVE_BET_MAX_WAIT_SECONDS * 1000;
      const answers = await Promise.all(
        liveSports.map(async (sport) => [sport, await odds.desk(c.env, sport).freshScores(now, since, deadline)] as const),
      );
      const boards = new Map<SportKey, DeskBoard>();
      for (const [sport, answer] of answers) {
        // A copy served because the feed's last odds call failed is stale, fresh scores or not.
        if (!answer?.board || answer.stale) throw new ApiError(409, "odds-stale", ODDS_STALE_MESSAGE);
        boards.set(sport, answer.board);
      }
      return boards;
    };

    const firstNow = deps.now();
    const first = await orReplay(firstNow, () => price(firstNow));
    if (first.seen) return answer(c, first.seen);
    const firstPriced = first.done;
    const liveSports = firstPriced.liveSports;

    /** The rest of the placement: for a live slip the delay and the price again, then the reservation and the wallet. */
    const place = async (): Promise<Response> => {
      let now = firstNow;
      let priced = firstPriced;
      if (liveSports.length > 0) {
        // The slip holds its key through the delay (or the key's first answer comes back).
        const held = await wallet.claimPlacement(userId, idempotencyKey, requestHash, now);
        if (!("claimed" in held)) return answer(c, held);
        const delaySeconds = slipDelaySeconds(liveSports, liveRulesOf(rules).betDelaySeconds);
        if (delaySeconds > 0) await deps.sleep(delaySeconds * 1000);
        const woke = deps.now();
        // Waiting for fresh scores can take seconds more: the slip is judged, reserved and
        // placed at the moment they came, so no price is older then than the book allows.
        const again = await orReplay(woke, async () => {
          const boards = await afterDelay(woke, liveSports);
          now = deps.now();
          return price(now, boards);
        });
        if (again.seen) return answer(c, again.seen);
        priced = again.done;
      }
      // The games' exposure objects reserve the slip under its id before the wallet commits,
      // and the wallet's outbox confirms it with the bets. A slip the house's own limits refuse
      // whatever the balance (a stake or payout past the maximum, a parlay's length) is refused
      // before it reserves anything: it would hold other players' room for nothing.
      const houseLimits = await orReplay(now, async () => {
        const check = validatePlaceBet({
          kind: request.kind,
          wallet: request.wallet,
          amount: request.amount,
          picks: priced.legs,
          sameGame: request.kind === "Parlay" ? priced.sameGame : undefined,
          balanceMinor: Number.MAX_SAFE_INTEGER,
        });
        if (!check.ok) throw refusalError(check);
      });
      if (houseLimits.seen) return answer(c, houseLimits.seen);
      const slipId = await slipIdFor(userId, idempotencyKey, requestHash);
      const stake = unitsToMinor(request.wallet, request.amount);
      const held =
        stake !== null && stake > 0
          ? await orReplay(now, async () => {
              const hold = await reserveExposure(
                c.env,
                rules,
                {
                  slipId,
                  kind: request.kind,
                  wallet: request.wallet,
                  stake,
                  legs: priced.legs,
                  sameGame: priced.sameGame,
                },
                now,
              );
              if (!hold.ok) throw refusalError(hold);
              return hold;
            })
          : null;
      if (held?.seen) return answer(c, held.seen);
      const hold = held?.done;
      const result = await wallet.placeBets(
        userId,
        {
          idempotencyKey,
          slipId,
          requestHash,
          kind: request.kind,
          wallet: request.wallet,
          amount: request.amount,
          legs: priced.legs,
          sameGame: priced.sameGame,
        },
        now,
        play,
      );
      // A refused slip's reservation goes before the refusal is answered, so a retry with a
      // smaller stake is not held back by it; a placed one is confirmed by the outbox. A key
      // reused for another slip reserved under that slip's own id, so its reservation goes
      // too. A release that fails is logged: the reservation then lapses after
      // EXPOSURE_HOLD_SECONDS.
      if (hold && !result.ok) {
        await hold.release().catch((err: unknown) => loggerFor(c.env).warn("placeBet: exposure release failed", err));
      }
      return answer(c, result);
    };
    const placing = place();
    // A live slip is held for the delay: its judgement runs to its end however the connection
    // fares (the invocation's waitUntil), so hanging up during the delay never takes a bet
    // back once the game turns; a retry with the key gets the answer it was given.
    if (liveSports.length > 0) waitUntilOf(c)?.(placing.catch(() => undefined));
    return await placing;
  });

  app.get("/bets", requireUser, async (c) => {
    const query = parseWith(BetsQuerySchema, c.req.query());
    const userId = c.var.user.id;
    const before = query.cursor ? decodeBetsCursor(query.cursor) : undefined;
    const page = await betsWallet(c.env, userId).listBets(
      userId,
      { wallet: query.wallet, status: query.status, limit: query.limit, before },
      Date.now(),
    );
    return c.json({ bets: page.bets, nextCursor: page.next ? encodeBetsCursor(page.next) : null } satisfies BetsPage);
  });

  return app;
}
