// Games settlement has already recorded as over. The board is cached for minutes, but
// each cron run writes a finished game's score (or an operator's void) to D1 `events`;
// a bet on such a game would be a bet on a known result, so placement treats it as
// gone from the board (its picks are locked) however the cached copy still lists it.
//
// A game that has not started cannot be final: only a void can apply, and a bet on a
// game voided before its start is refunded by the next settlement run. Those answers
// are remembered per isolate for 5 s, so a popular upcoming game costs one D1 read per
// few seconds rather than one per bet. A game that has started is always asked afresh
// by placement: that is where betting on a known result would be possible. The board
// drops such games too (GET /api/events), from the same memo.
import { isolateMemo } from "../isolate-memos";
const MEMO_MS = 5_000;
const MEMO_MAX = 10_000;
const memo = new Map<string, { over: boolean; until: number }>();
isolateMemo(() => memo.clear());

export type PickedGame = { eventId: string; started: boolean };

/** D1 binds at most 100 parameters per statement. */
const IDS_PER_QUERY = 100;

/**
 * The ids among `games` recorded final or void. `display` (the board's read, not a bet)
 * lets games under way use the 5 s memo too: a board may show a game a few seconds after
 * it was voided, but placement always asks afresh for a started game.
 */
export async function finishedEventIds(
  db: D1Database,
  games: readonly PickedGame[],
  now = Date.now(),
  options: { display?: boolean } = {},
): Promise<Set<string>> {
  const over = new Set<string>();
  const unknown = new Map<string, boolean>();
  for (const { eventId, started } of games) {
    const known = started && !options.display ? undefined : memo.get(eventId);
    if (known && now < known.until) {
      if (known.over) over.add(eventId);
    } else {
      unknown.set(eventId, started || (unknown.get(eventId) ?? false));
    }
  }
  if (unknown.size === 0) return over;
  const ids = [...unknown.keys()];
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const slice = ids.slice(i, i + IDS_PER_QUERY);
    const { results } = await db
      .prepare(`SELECT event_id FROM events WHERE event_id IN (${slice.map(() => "?").join(", ")}) AND status IN ('final', 'void')`)
      .bind(...slice)
      .all<{ event_id: string }>();
    for (const r of results) found.add(r.event_id);
  }
  if (memo.size + ids.length > MEMO_MAX) memo.clear();
  for (const [id, started] of unknown) {
    if (!started || options.display) memo.set(id, { over: found.has(id), until: now + MEMO_MS });
    if (found.has(id)) over.add(id);
  }
  return over;
}
