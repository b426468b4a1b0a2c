// Games settlement has already recorded as over. The board is cached for minutes, but
// each cron run writes a finished game's score (or an operator's void) to D1 `events`;
// a bet on such a game would be a bet on a known result, so placement treats it as
// gone from the board (its picks are locked) however the cached copy still lists it.
/** The ids among `eventIds` recorded final or void (at most 100 ids: D1's bind limit). */
export async function finishedEventIds(db: D1Database, eventIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(eventIds)];
  if (ids.length === 0) return new Set();
  const { results } = await db
    .prepare(`SELECT event_id FROM events WHERE event_id IN (${ids.map(() => "?").join(", ")}) AND status IN ('final', 'void')`)
    .bind(...ids)
    .all<{ event_id: string }>();
  return new Set(results.map((r) => r.event_id));
}
