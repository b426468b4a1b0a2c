// The board's copy of the markets an operator suspended (D1 house_suspensions), so a
// player sees "Suspended" on them before trying, on the board's game lines and on a game
// page's players' markets: the game's exposure object is what refuses the bets. Read at
// most once per HOUSE_SUSPENSIONS_MEMO_MS per sport and isolate (the board is the hottest
// read), and forgotten at once in the isolate that changed it.
// The memo keeps the answer, never the read's promise: a request may not wait on I/O
// another request started (the runtime cancels it as hung).
import type { Event } from "../../src/shared/schemas/events";
import { GAME_MARKETS, type GameMarket } from "../../src/shared/schemas/bets";
import type { PropMarketRef } from "../../src/shared/schemas/props";
import { isolateMemo } from "../isolate-memos";
import { propMarketOf } from "./book";

/** How long an isolate keeps a sport's suspensions before reading them again. */
const HOUSE_SUSPENSIONS_MEMO_MS = 5_000;

/** One game's suspended markets: its game lines, and its players' markets. */
type GameSuspensions = { game: GameMarket[]; props: PropMarketRef[] };

const memo = new Map<string, { until: number; markets: ReadonlyMap<string, GameSuspensions> }>();
isolateMemo(() => memo.clear());

/** Records (or lifts) one suspension; the caller audited it and told the game's object. */
export async function recordHouseSuspension(
  db: D1Database,
  input: { eventId: string; sport: string; market: string; suspended: boolean; by: string; reason: string },
  now: number,
): Promise<void> {
  if (input.suspended) {
    await db
      .prepare(
        `INSERT INTO house_suspensions (event_id, sport, market, at, by_operator, reason) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (event_id, market) DO UPDATE SET at = excluded.at, by_operator = excluded.by_operator, reason = excluded.reason`,
      )
      .bind(input.eventId, input.sport, input.market, now, input.by, input.reason)
      .run();
  } else {
    await db.prepare("DELETE FROM house_suspensions WHERE event_id = ? AND market = ?").bind(input.eventId, input.market).run();
  }
  memo.delete(input.sport);
}

/** The sport's games with a suspended market, by event id. */
async function suspendedMarkets(db: D1Database, sport: string, now: number): Promise<ReadonlyMap<string, GameSuspensions>> {
  const known = memo.get(sport);
  if (known && known.until > now) return known.markets;
  const { results } = await db
    .prepare("SELECT event_id, market FROM house_suspensions WHERE sport = ?")
    .bind(sport)
    .all<{ event_id: string; market: string }>();
  const byEvent = new Map<string, GameSuspensions>();
  for (const row of results) {
    const held = byEvent.get(row.event_id) ?? { game: [], props: [] };
    const prop = propMarketOf(row.market);
    if ((GAME_MARKETS as readonly string[]).includes(row.market)) held.game.push(row.market as GameMarket);
    else if (prop) held.props.push(prop);
    else continue;
    byEvent.set(row.event_id, held);
  }
  memo.set(sport, { until: now + HOUSE_SUSPENSIONS_MEMO_MS, markets: byEvent });
  return byEvent;
}

/** The board with each game's house-suspended markets marked (`houseSuspended`). */
export async function withHouseSuspensions(
  db: D1Database,
  sport: string,
  events: readonly Event[],
  now: number,
): Promise<readonly Event[]> {
  const suspended = await suspendedMarkets(db, sport, now);
  if (suspended.size === 0) return events;
  return events.map((e) => {
    const markets = suspended.get(e.eventId)?.game;
    return markets && markets.length > 0 ? { ...e, houseSuspended: markets } : e;
  });
}

/** The players' markets of one game an operator suspended (its page marks them). */
export async function suspendedPropMarkets(db: D1Database, sport: string, eventId: string, now: number): Promise<PropMarketRef[]> {
  return (await suspendedMarkets(db, sport, now)).get(eventId)?.props ?? [];
}
