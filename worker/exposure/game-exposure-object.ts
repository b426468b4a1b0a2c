// One game's exposure as a Durable Object (binding GAME_EXPOSURE, named "<sport>:<event id>"):
// the single place that knows, at every moment, what the house would pay on each outcome
// of the game, so a limit holds however many players bet on it at once. Each call runs
// synchronously on the object's SQLite and the in-memory book (book.ts), so concurrent
// bets are judged one after another and the limit is never crossed.
//
// A slip being placed first reserves its positions here under the slip's id (refused past
// the limit or on a suspended market); the wallet then commits it, and its outbox
// confirms the reservation: each bet relayed (worker/exposure/relay.ts) takes the place of
// the reserved position with its slip and picks. When the wallet refuses the slip, the
// route releases the reservation; one neither confirmed nor released (the request died
// before the wallet answered) lapses after EXPOSURE_HOLD_SECONDS. Settled, voided and
// cashed-out bets leave the book as their wallets relay them, and a bet that left is
// remembered, so a late row does not bring it back. Open bets it was never told of (placed
// before it existed) it reads once from D1 before its first call (`backfill`). D1's
// game_exposure row is only the console's copy, written by the alarm
// EXPOSURE_DISPLAY_SECONDS after a change.
//
// A cash-out is judged the same way before its wallet pays it (`holdCashOut`): giving a
// share of a bet back raises the house's result on the selections the bet cannot win with,
// which a bet on the other side may have been let in against. The share is held here as a
// reservation of its own, refused past the limit like a bet; the bet relayed with its open
// stake at most what the cash-out leaves confirms it, the route releases it when the wallet
// refuses, and one neither confirmed nor released lapses after EXPOSURE_HOLD_SECONDS.
import { DurableObject } from "cloudflare:workers";
import type { WalletKind } from "../../src/shared/money";
import type { GameExposureView, RiskGame } from "../../src/shared/schemas/risk";
import { loggerFor } from "../logging/logger";
import { tunables } from "../tunables";
import { openBetsOnGame } from "./backfill";
import { ExposureBook, type Pick, type Position } from "./book";
import { type BetOnGame, openPartOn } from "./open-part";

/** A game as the console names it. */
export type GameRef = { eventId: string; sport: string; home: string; away: string; startTime: string };

/** A position as a reservation or the relay hands it in, with the console's names for its markets. */
export type PositionInput = Omit<Position, "id"> & { labels?: Record<string, string> };

/** A bet of the slip on this game: its index among the slip's bets, and what one unit of stake pays if it wins. */
export type ReservedPosition = PositionInput & { bet: number; perStake: number };

export type ReserveInput = {
  /** The slip's id (the Worker's, the same for a retry of one placement, which reserves once). */
  slipId: string;
  game: GameRef;
  /** The slip's bets touching this game. */
  positions: ReservedPosition[];
  /** The per-market limit in the positions' currency (minor units). */
  limit: number;
};

/** A cash-out about to be taken on a bet with open picks on this game. */
export type CashOutHoldInput = {
  /** The hold's id: the reservation the relay confirms or the route releases. */
  holdId: string;
  game: GameRef;
  betId: string;
  currency: WalletKind;
  /** The bet's picks still open on this game, with the console's names for their markets. */
  picks: readonly Pick[];
  labels?: Record<string, string>;
  /** The share of the open stake being cashed out (minor units). */
  share: number;
  /** The bet's open stake once the share is cashed out: a relay of the bet at or below it confirms the hold. */
  stakeAfter: number;
  /** The per-market limit in the bet's currency (minor units). */
  limit: number;
};

export type CashOutHoldAnswer =
  | { ok: true }
  | { ok: false; code: "book-unread" }
  | { ok: false; code: "exposure-limit"; largestShare: number; market: string }
  | { ok: false; code: "suspended-by-house"; market: string };

export type ReserveAnswer =
  | { ok: true }
  | { ok: false; code: "book-unread" }
  | { ok: false; code: "exposure-limit"; largestStake: number; market: string }
  | { ok: false; code: "suspended-by-house"; market: string };

/**
 * A bet as the relay reports it: open (with what is still open of it on this game) or gone;
 * with its slip and every pick it was placed with on this game, which find its reservation.
 */
export type TrackedBet = { betId: string; slipId: string; placedPicks: readonly Pick[] } & (
  | { open: false }
  | ({ open: true } & PositionInput)
);

/** Bets that left the book are remembered this long (a confirmation or relay row later than that is not expected). */
const GONE_KEEP_MS = 3 * 24 * 60 * 60 * 1000;
/** Confirmed slips are remembered this long, so a retry of the same placement reserves nothing. */
const KEY_KEEP_MS = 24 * 60 * 60 * 1000;

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS positions (
     id TEXT PRIMARY KEY, reservation TEXT, currency TEXT NOT NULL, stake INTEGER NOT NULL, payout INTEGER NOT NULL,
     picks TEXT NOT NULL, expires_at INTEGER)`,
  "CREATE INDEX IF NOT EXISTS positions_by_reservation ON positions (reservation)",
  // Every call first lapses what has run out: found by this index, not by reading every position.
  "CREATE INDEX IF NOT EXISTS positions_by_expiry ON positions (expires_at) WHERE expires_at IS NOT NULL",
  "CREATE TABLE IF NOT EXISTS gone (bet_id TEXT PRIMARY KEY, at INTEGER NOT NULL)",
  "CREATE TABLE IF NOT EXISTS placed_slips (slip_id TEXT PRIMARY KEY, at INTEGER NOT NULL)",
  "CREATE TABLE IF NOT EXISTS suspended (market TEXT PRIMARY KEY, at INTEGER NOT NULL, by TEXT NOT NULL, reason TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS labels (market TEXT PRIMARY KEY, label TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS game (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL)",
  // When the object read the game's open bets from D1 (`backfill`): once in its life.
  "CREATE TABLE IF NOT EXISTS backfill (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)",
  // A cash-out's hold (its position is in `positions`, reserved under its own id): the bet,
  // and its open stake once the cash-out is taken.
  "CREATE TABLE IF NOT EXISTS cash_out_holds (id TEXT PRIMARY KEY, bet_id TEXT NOT NULL, stake_after INTEGER NOT NULL)",
];

type PositionRow = {
  id: string;
  reservation: string | null;
  currency: WalletKind;
  stake: number;
  payout: number;
  picks: string;
  expires_at: number | null;
};

export class GameExposure extends DurableObject<Env> {
  private readonly book = new ExposureBook();
  private displayDue: number | null = null;
  // What this instance knows of its own storage, so a bet's reservation reads and writes
  // only what it must: the earliest reservation's expiry (nothing lapses before it), the
  // suspended markets (only `suspend` writes them), whether the game row is written, and
  // the markets whose labels are.
  private nextExpiry = Number.POSITIVE_INFINITY;
  private suspendedNow: Set<string> | null = null;
  private gameSaved = false;
  private readonly labelled = new Set<string>();
  // The reserved positions of each slip still awaiting its wallet, as the positions table
  // holds them (kept with every write of a position), so a reservation and its
  // confirmation find them without reading storage.
  private readonly reservations = new Map<string, Set<string>>();
  private readonly reservationOf = new Map<string, string>();
  // The cash-out holds, as cash_out_holds has them, and each bet's, so a relay confirms them without reading storage.
  private readonly holds = new Map<string, { betId: string; stakeAfter: number }>();
  private readonly holdsOfBet = new Map<string, Set<string>>();
  /** Whether the game's open bets were read from D1 (`backfill`). */
  private backfilled = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      for (const statement of SCHEMA) ctx.storage.sql.exec(statement);
      for (const row of ctx.storage.sql.exec<PositionRow>("SELECT * FROM positions")) {
        this.book.put(positionOf(row));
        this.indexReservation(row.id, row.reservation);
        if (row.expires_at !== null) this.nextExpiry = Math.min(this.nextExpiry, row.expires_at);
      }
      for (const row of ctx.storage.sql.exec<{ id: string; bet_id: string; stake_after: number }>("SELECT * FROM cash_out_holds")) {
        this.indexHold(row.id, { betId: row.bet_id, stakeAfter: row.stake_after });
      }
      this.backfilled = ctx.storage.sql.exec("SELECT 1 FROM backfill").toArray().length > 0;
    });
  }

  /**
   * Once in the object's life, before its first call is judged: the game's bets D1 shows
   * open that this book has never held (placed before the object existed, or kept by one
   * whose storage is gone) join it, so the limit and the console count every open bet.
   * Nothing else runs meanwhile, and D1 is at least as new as every relay the object has
   * taken (a wallet writes D1 before it relays), so no older state replaces a newer one; a
   * bet that left is remembered and stays out. A bet being placed at that very moment may
   * count twice until its reservation lapses: on the house's side. False while D1 cannot be
   * read: the book judges nothing without the game's earlier bets, and the next call reads
   * again.
   */
  private async backfill(now: number, eventId: string): Promise<boolean> {
    if (this.backfilled) return true;
    let added = 0;
    await this.ctx.blockConcurrencyWhile(async () => {
      if (this.backfilled) return;
      let bets: BetOnGame[];
      try {
        bets = await openBetsOnGame(this.env.DB, eventId);
      } catch (err) {
        loggerFor(this.env).warn(`exposure ${eventId}: open bets not read from D1; read again at the next call`, err);
        return;
      }
      this.ctx.storage.transactionSync(() => {
        for (const bet of bets) {
          const open = openPartOn(bet, eventId);
          if (!open || this.book.has(bet.id) || this.isGone(bet.id)) continue;
          this.keep({ id: bet.id, currency: open.currency, stake: open.stake, payout: open.payout, picks: open.picks });
          this.saveLabels(open.labels);
          added += 1;
        }
        this.sql.exec("INSERT OR REPLACE INTO backfill (id, at) VALUES (1, ?)", now);
      });
      this.backfilled = true;
    });
    if (added > 0) await this.changed();
    return this.backfilled;
  }

  /** The book with the game's earlier bets in it, for a call that must not be judged without them (it throws). */
  private async mustBackfill(now: number, eventId: string): Promise<void> {
    if (!(await this.backfill(now, eventId))) throw new Error(`exposure ${eventId}: the game's open bets could not be read from D1`);
  }

  private get sql(): SqlStorage {
    return this.ctx.storage.sql;
  }

  /** Reserves a placement's positions, or refuses them without reserving any. */
  async reserve(input: ReserveInput, now: number): Promise<ReserveAnswer> {
    if (!this.backfilled && !(await this.backfill(now, input.game.eventId))) return { ok: false, code: "book-unread" };
    this.lapse(now);
    if (this.sql.exec("SELECT 1 FROM placed_slips WHERE slip_id = ?", input.slipId).toArray().length > 0) return { ok: true };
    if (this.reservations.has(input.slipId)) return { ok: true };
    const suspended = this.suspendedMarkets();
    for (const p of input.positions) {
      const hit = p.picks.find((pick) => suspended.has(pick.market));
      if (hit) return { ok: false, code: "suspended-by-house", market: this.labelOf(hit.market, p.labels) };
    }
    // Judged one position after another, each on the book with the ones before it. A
    // refusal names the stake every bet of the slip could take on the book as it was.
    const added: string[] = [];
    for (const p of input.positions) {
      const position: Position = { id: `${input.slipId}#${p.bet}`, currency: p.currency, stake: p.stake, payout: p.payout, picks: p.picks };
      if (!this.book.fits(position, input.limit)) {
        const over = this.book.overLimit(position, input.limit);
        for (const id of added) this.book.remove(id);
        const largestStake = Math.min(...input.positions.map((q) => this.book.largestStake(q.currency, q.picks, q.perStake, input.limit)));
        const market = over?.market ?? "";
        return { ok: false, code: "exposure-limit", largestStake, market: this.labelOf(market, p.labels) };
      }
      this.book.put(position);
      added.push(position.id);
    }
    const expiresAt = now + tunables(this.env).EXPOSURE_HOLD_SECONDS * 1000;
    this.ctx.storage.transactionSync(() => {
      this.saveGame(input.game);
      for (const p of input.positions) {
        this.savePosition(
          { id: `${input.slipId}#${p.bet}`, currency: p.currency, stake: p.stake, payout: p.payout, picks: p.picks },
          input.slipId,
          expiresAt,
        );
        this.nextExpiry = Math.min(this.nextExpiry, expiresAt);
        this.saveLabels(p.labels);
      }
    });
    await this.changed();
    return { ok: true };
  }

  /**
   * Holds a cash-out's share of a bet before its wallet pays it, or refuses it past the limit
   * or on a market the house suspended, without holding anything. The share is held as a position of negative stake and payout,
   * judged by the rule a bet is: every selection it raises (those the bet cannot win with,
   * by the share) must stay within the limit. A refusal names the largest share that fits.
   */
  async holdCashOut(input: CashOutHoldInput, now: number): Promise<CashOutHoldAnswer> {
    if (!this.backfilled && !(await this.backfill(now, input.game.eventId))) return { ok: false, code: "book-unread" };
    this.lapse(now);
    if (this.reservations.has(input.holdId)) return { ok: true };
    // A market the house suspended (news, a bad price) buys nothing back either, at the
    // board's price from before the suspension.
    const suspended = this.suspendedMarkets();
    const hit = input.picks.find((pick) => suspended.has(pick.market));
    if (hit) return { ok: false, code: "suspended-by-house", market: this.labelOf(hit.market, input.labels) };
    const hold: Position = { id: input.holdId, currency: input.currency, stake: -input.share, payout: -input.share, picks: input.picks };
    const over = this.book.overLimit(hold, input.limit);
    if (over) {
      const largestShare = this.book.largestShare(input.currency, input.picks, input.limit);
      return { ok: false, code: "exposure-limit", largestShare, market: this.labelOf(over.market, input.labels) };
    }
    const expiresAt = now + tunables(this.env).EXPOSURE_HOLD_SECONDS * 1000;
    this.book.put(hold);
    this.ctx.storage.transactionSync(() => {
      this.saveGame(input.game);
      this.savePosition(hold, input.holdId, expiresAt);
      this.sql.exec(
        "INSERT OR REPLACE INTO cash_out_holds (id, bet_id, stake_after) VALUES (?, ?, ?)",
        input.holdId,
        input.betId,
        input.stakeAfter,
      );
      this.saveLabels(input.labels);
    });
    this.indexHold(input.holdId, { betId: input.betId, stakeAfter: input.stakeAfter });
    this.nextExpiry = Math.min(this.nextExpiry, expiresAt);
    await this.changed();
    return { ok: true };
  }

  /** The wallet refused the slip (or the cash-out): its reservation goes. */
  async release(slipId: string): Promise<void> {
    const ids = [...(this.reservations.get(slipId) ?? [])];
    this.ctx.storage.transactionSync(() => {
      for (const id of ids) this.drop(id);
    });
    if (ids.length > 0) await this.changed();
  }

  /**
   * Bets as their wallets last wrote them: a bet not yet here takes the place of its slip's
   * reserved position with the same picks; open ones are kept as they now stand, the others leave.
   */
  async track(game: GameRef, bets: readonly TrackedBet[], now: number): Promise<void> {
    // Thrown, the wallet's outbox drain fails and is retried with its back-off.
    if (!this.backfilled) await this.mustBackfill(now, game.eventId);
    this.ctx.storage.transactionSync(() => {
      this.saveGame(game);
      for (const bet of bets) {
        this.confirmCashOuts(bet);
        // A bet whose reservation was still here has never been relayed, so it cannot have left.
        const firstSeen = !this.book.has(bet.betId) && this.confirmReserved(bet, now);
        if (!bet.open) {
          this.drop(bet.betId);
          this.sql.exec("INSERT OR REPLACE INTO gone (bet_id, at) VALUES (?, ?)", bet.betId, now);
          continue;
        }
        if (!firstSeen && this.isGone(bet.betId)) continue;
        this.keep({ id: bet.betId, currency: bet.currency, stake: bet.stake, payout: bet.payout, picks: bet.picks });
        this.saveLabels(bet.labels);
      }
    });
    await this.changed();
  }

  /**
   * Drops the reserved position this bet confirms (its slip's, with the same picks) and
   * remembers the slip as placed; true when the reservation was still here.
   */
  private confirmReserved(bet: TrackedBet, now: number): boolean {
    const picks = JSON.stringify(bet.placedPicks);
    const same = [...(this.reservations.get(bet.slipId) ?? [])].find((id) => JSON.stringify(this.book.get(id)?.picks) === picks);
    if (same) this.drop(same);
    this.sql.exec("INSERT OR REPLACE INTO placed_slips (slip_id, at) VALUES (?, ?)", bet.slipId, now);
    return same !== undefined;
  }

  /** Ends the bet's cash-out holds its relay shows taken: gone, or open with no more stake than a hold leaves. */
  private confirmCashOuts(bet: TrackedBet): void {
    const ids = this.holdsOfBet.get(bet.betId);
    if (!ids) return;
    for (const id of [...ids]) {
      const hold = this.holds.get(id);
      if (!bet.open || (hold && bet.stake <= hold.stakeAfter)) this.drop(id);
    }
  }

  /** Stops (or resumes) taking bets on one market; the caller audits who did it. */
  async suspend(game: GameRef, market: string, suspended: boolean, by: string, reason: string, now: number): Promise<void> {
    if (!this.backfilled) await this.mustBackfill(now, game.eventId);
    this.ctx.storage.transactionSync(() => {
      this.saveGame(game);
      if (suspended)
        this.sql.exec("INSERT OR REPLACE INTO suspended (market, at, by, reason) VALUES (?, ?, ?, ?)", market, now, by, reason);
      else this.sql.exec("DELETE FROM suspended WHERE market = ?", market);
    });
    this.suspendedNow = null;
    await this.changed(true);
  }

  /** The game's exposure as the console shows it, now. */
  view(now: number): GameExposureView {
    this.lapse(now);
    const game = this.game();
    const currencies = (["cash", "coins"] as const).map((currency) => {
      const g = this.book.game(currency);
      return {
        currency,
        positions: g.positions,
        stakes: g.stakes,
        worst: g.worst,
        bound: g.bound,
        markets: g.markets.map((m) => ({ ...m, label: this.labelOf(m.market) })),
      };
    });
    const suspended = this.sql
      .exec<{ market: string; at: number; by: string; reason: string }>("SELECT market, at, by, reason FROM suspended ORDER BY market")
      .toArray()
      .map((s) => ({ ...s, label: this.labelOf(s.market) }));
    const reserved = this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM positions WHERE reservation IS NOT NULL").one().n;
    return { game, cash: currencies[0]!, coins: currencies[1]!, suspended, reserved, at: now };
  }

  /** The markets suspended now (the bet path's refusal). */
  private suspendedMarkets(): Set<string> {
    this.suspendedNow ??= new Set(
      this.sql
        .exec<{ market: string }>("SELECT market FROM suspended")
        .toArray()
        .map((r) => r.market),
    );
    return this.suspendedNow;
  }

  async alarm(): Promise<void> {
    const now = Date.now();
    this.displayDue = null;
    this.lapse(now);
    this.sql.exec("DELETE FROM gone WHERE at < ?", now - GONE_KEEP_MS);
    this.sql.exec("DELETE FROM placed_slips WHERE at < ?", now - KEY_KEEP_MS);
    await this.writeDisplay(now);
    const next = this.sql.exec<{ at: number | null }>("SELECT MIN(expires_at) AS at FROM positions").one().at;
    if (next !== null) await this.ctx.storage.setAlarm(Math.max(next, now + 1000));
  }

  // ---- the console's copy in D1 ----

  private async writeDisplay(now: number): Promise<void> {
    const game = this.game();
    if (!game) return;
    const view = this.view(now);
    const row: RiskGame = {
      eventId: game.eventId,
      sport: game.sport,
      home: game.home,
      away: game.away,
      startTime: game.startTime,
      worstCashCents: view.cash.worst,
      worstCoins: view.coins.worst,
      stakesCashCents: view.cash.stakes,
      stakesCoins: view.coins.stakes,
      openBets: view.cash.positions + view.coins.positions,
      worstMarket: view.cash.markets[0]?.label ?? view.coins.markets[0]?.label ?? null,
      suspended: view.suspended.map((s) => s.label),
      updatedAt: now,
    };
    await this.env.DB.prepare(
      `INSERT INTO game_exposure (event_id, sport, home, away, start_time, worst_cash_cents, worst_coins, stakes_cash_cents, stakes_coins,
         open_bets, worst_market, suspended_json, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (event_id) DO UPDATE SET worst_cash_cents = excluded.worst_cash_cents, worst_coins = excluded.worst_coins,
         stakes_cash_cents = excluded.stakes_cash_cents, stakes_coins = excluded.stakes_coins, open_bets = excluded.open_bets,
         worst_market = excluded.worst_market, suspended_json = excluded.suspended_json, updated_at = excluded.updated_at
       WHERE excluded.updated_at >= game_exposure.updated_at`,
    )
      .bind(
        row.eventId,
        row.sport,
        row.home,
        row.away,
        row.startTime,
        row.worstCashCents,
        row.worstCoins,
        row.stakesCashCents,
        row.stakesCoins,
        row.openBets,
        row.worstMarket,
        JSON.stringify(row.suspended),
        row.updatedAt,
      )
      .run();
  }

  /**
   * Brings the console's copy up to date soon, or at once (an operator's suspension). Awaited
   * by the call that changed the book, so the alarm is set within that call: a promise left
   * running after a call returns may not touch storage for the next one.
   */
  private async changed(atOnce = false): Promise<void> {
    const due = atOnce ? Date.now() : Date.now() + tunables(this.env).EXPOSURE_DISPLAY_SECONDS * 1000;
    if (this.displayDue !== null && this.displayDue <= due) return;
    this.displayDue = due;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > due) await this.ctx.storage.setAlarm(due);
  }

  // ---- storage ----

  /** Reservations past their time lapse: their placement never came back. */
  private lapse(now: number): void {
    if (now < this.nextExpiry) return;
    const lapsed = this.sql
      .exec<{ id: string }>("SELECT id FROM positions WHERE expires_at IS NOT NULL AND expires_at <= ?", now)
      .toArray();
    for (const row of lapsed) this.drop(row.id);
    this.nextExpiry =
      this.sql.exec<{ at: number | null }>("SELECT MIN(expires_at) AS at FROM positions").one().at ?? Number.POSITIVE_INFINITY;
  }

  private keep(position: Position): void {
    this.book.put(position);
    this.savePosition(position, null, null);
  }

  private drop(id: string): void {
    this.book.remove(id);
    this.indexReservation(id, null);
    this.sql.exec("DELETE FROM positions WHERE id = ?", id);
    if (this.holds.has(id)) {
      this.sql.exec("DELETE FROM cash_out_holds WHERE id = ?", id);
      this.indexHold(id, null);
    }
  }

  /** Records a cash-out hold (null: gone). */
  private indexHold(id: string, hold: { betId: string; stakeAfter: number } | null): void {
    const before = this.holds.get(id);
    if (before) {
      const ids = this.holdsOfBet.get(before.betId);
      ids?.delete(id);
      if (ids?.size === 0) this.holdsOfBet.delete(before.betId);
      this.holds.delete(id);
    }
    if (!hold) return;
    this.holds.set(id, hold);
    const ids = this.holdsOfBet.get(hold.betId) ?? new Set<string>();
    ids.add(id);
    this.holdsOfBet.set(hold.betId, ids);
  }

  /** Records which slip's reservation a position belongs to now (null: none, or gone). */
  private indexReservation(id: string, reservation: string | null): void {
    const before = this.reservationOf.get(id);
    if (before !== undefined && before !== reservation) {
      const ids = this.reservations.get(before);
      ids?.delete(id);
      if (ids?.size === 0) this.reservations.delete(before);
    }
    if (reservation === null) {
      this.reservationOf.delete(id);
      return;
    }
    this.reservationOf.set(id, reservation);
    const ids = this.reservations.get(reservation) ?? new Set<string>();
    ids.add(id);
    this.reservations.set(reservation, ids);
  }

  private isGone(betId: string): boolean {
    return this.sql.exec("SELECT 1 FROM gone WHERE bet_id = ?", betId).toArray().length > 0;
  }

  private savePosition(p: Omit<Position, "id"> & { id: string }, reservation: string | null, expiresAt: number | null): void {
    this.indexReservation(p.id, reservation);
    this.sql.exec(
      "INSERT OR REPLACE INTO positions (id, reservation, currency, stake, payout, picks, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      p.id,
      reservation,
      p.currency,
      p.stake,
      p.payout,
      JSON.stringify(p.picks),
      expiresAt,
    );
  }

  private saveLabels(labels: Record<string, string> | undefined): void {
    for (const [market, label] of Object.entries(labels ?? {})) {
      if (this.labelled.has(market)) continue;
      this.sql.exec("INSERT OR IGNORE INTO labels (market, label) VALUES (?, ?)", market, label);
      this.labelled.add(market);
    }
  }

  private saveGame(game: GameRef): void {
    if (this.gameSaved) return;
    this.sql.exec("INSERT OR IGNORE INTO game (id, json) VALUES (1, ?)", JSON.stringify(game));
    this.gameSaved = true;
  }

  private game(): GameRef | null {
    const row = this.sql.exec<{ json: string }>("SELECT json FROM game WHERE id = 1").toArray()[0];
    return row ? (JSON.parse(row.json) as GameRef) : null;
  }

  /** A market's name for people: the slip's own label when given, else the stored one, else its key. */
  private labelOf(market: string, labels?: Record<string, string>): string {
    const given = labels?.[market];
    if (given !== undefined) return given;
    return this.sql.exec<{ label: string }>("SELECT label FROM labels WHERE market = ?", market).toArray()[0]?.label ?? market;
  }
}

function positionOf(row: PositionRow): Position {
  return { id: row.id, currency: row.currency, stake: row.stake, payout: row.payout, picks: JSON.parse(row.picks) as Pick[] };
}
