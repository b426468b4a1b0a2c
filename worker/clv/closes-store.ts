// Closing fair prices in D1 (market_closes, game_model_closes, prop_closes): written once
// per market by the sport's price desk when it first sees a game started (a second write
// of the same market does nothing, so a close never moves), read by players for their
// bets' games and by the CLV step that scores settled bets.
import { type EventCloses, lineKey, type PropClose, type SideClose } from "../../src/shared/clv";
import { GameModelSchema } from "../../src/shared/schemas/game-model";

/**
 * One game's close as the desk captured it: its sides and model with when that board was
 * taken, and its props with when the props answer was taken (both on the feed's clock).
 */
export type CapturedClose = EventCloses & { snapshotAt: number; propsSnapshotAt?: number };

/** Stores each game's close, never replacing one already stored. */
export async function storeCloses(db: D1Database, closes: readonly CapturedClose[], now: number): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  for (const close of closes) {
    for (const side of close.sides) {
      statements.push(
        db
          .prepare(
            `INSERT INTO market_closes (event_id, market, side, line_key, line, p, snapshot_at, captured_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT DO NOTHING`,
          )
          .bind(close.eventId, side.market, side.side, lineKey(side.line), side.line, side.p, close.snapshotAt, now),
      );
    }
    for (const prop of close.props ?? []) {
      statements.push(
        db
          .prepare(
            `INSERT INTO prop_closes (event_id, player_id, market_key, side, line_key, line, p, snapshot_at, captured_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT DO NOTHING`,
          )
          .bind(
            close.eventId,
            prop.playerId,
            prop.marketKey,
            prop.side,
            lineKey(prop.line),
            prop.line,
            prop.p,
            close.propsSnapshotAt ?? close.snapshotAt,
            now,
          ),
      );
    }
    if (close.model) {
      statements.push(
        db
          .prepare(
            `INSERT INTO game_model_closes (event_id, model_json, snapshot_at, captured_at)
             VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING`,
          )
          .bind(close.eventId, JSON.stringify(close.model), close.snapshotAt, now),
      );
    }
  }
  if (statements.length > 0) await db.batch(statements);
}

type SideRow = { event_id: string; market: SideClose["market"]; side: SideClose["side"]; line: number | null; p: number };
type ModelRow = { event_id: string; model_json: string };
type PropRow = { event_id: string; player_id: string; market_key: string; side: PropClose["side"]; line: number | null; p: number };

/** The statements of one read, in this order for each chunk of ids. */
const READS_PER_CHUNK = 3;

/** D1 binds at most 100 parameters per statement: ids are read this many at a time. */
const IDS_PER_READ = 90;

/** The closes stored for these games (a game without any is absent). */
export async function readCloses(db: D1Database, eventIds: readonly string[]): Promise<Map<string, EventCloses>> {
  const found = new Map<string, EventCloses>();
  const ids = [...new Set(eventIds)];
  const of = (eventId: string) => {
    let closes = found.get(eventId);
    if (!closes) {
      closes = { eventId, sides: [] };
      found.set(eventId, closes);
    }
    return closes;
  };
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_READ) {
    const chunk = ids.slice(i, i + IDS_PER_READ);
    const marks = chunk.map((_, j) => `?${j + 1}`).join(",");
    statements.push(
      db.prepare(`SELECT event_id, market, side, line, p FROM market_closes WHERE event_id IN (${marks})`).bind(...chunk),
      db.prepare(`SELECT event_id, model_json FROM game_model_closes WHERE event_id IN (${marks})`).bind(...chunk),
      db.prepare(`SELECT event_id, player_id, market_key, side, line, p FROM prop_closes WHERE event_id IN (${marks})`).bind(...chunk),
    );
  }
  if (statements.length === 0) return found;
  const answers = await db.batch<SideRow | ModelRow | PropRow>(statements);
  for (const [i, answer] of answers.entries()) {
    const read = i % READS_PER_CHUNK;
    if (read === 0) {
      for (const row of answer.results as SideRow[])
        of(row.event_id).sides.push({ market: row.market, side: row.side, line: row.line, p: row.p });
    } else if (read === 1) {
      for (const row of answer.results as ModelRow[]) {
        // A stored model that no longer parses (a family retired) re-prices nothing.
        const model = GameModelSchema.safeParse(JSON.parse(row.model_json));
        if (model.success) of(row.event_id).model = model.data;
      }
    } else {
      for (const row of answer.results as PropRow[]) {
        const closes = of(row.event_id);
        closes.props ??= [];
        closes.props.push({ playerId: row.player_id, marketKey: row.market_key, side: row.side, line: row.line, p: row.p });
      }
    }
  }
  return found;
}
