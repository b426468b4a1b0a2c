// Each settled bet's closing-line value in D1 `bet_clv`, scored by the cron a batch at a
// time: bets settled in the Sharpest window whose games have all started (their closes
// were captured then, or never will be) get one row, null when a leg was placed live or
// has no close. A void bet (its games called off) is not scored. The Sharpest leaderboard
// and public profiles read these rows (sharpest.ts).
import { betClv, SHARPEST_WINDOW_DAYS } from "../../src/shared/clv";
import { BetLegSchema, SameGameBlockSchema } from "../../src/shared/schemas/bets";
import { z } from "zod";
import { loggerFor } from "../logging/logger";
import { tunables } from "../tunables";
import { readCloses } from "./closes-store";

const DAY_MS = 24 * 60 * 60 * 1000;
const LegsSchema = z.array(BetLegSchema).min(1);
const BlocksSchema = z.array(SameGameBlockSchema);

type Row = {
  id: string;
  user_id: string;
  wallet: "coins" | "cash";
  settled_at: number;
  created_at: number;
  legs_json: string;
  same_game_json: string | null;
};

/**
 * Scores up to `batch` settled bets not yet scored whose games have all started by
 * `feedNow` (the feed's clock, ahead of `now` on the simulator); answers how many.
 */
export async function scoreSettledBets(db: D1Database, now: number, batch: number, feedNow = now): Promise<number> {
  const since = now - SHARPEST_WINDOW_DAYS * DAY_MS;
  const { results } = await db
    .prepare(
      `SELECT b.id, b.user_id, b.wallet, b.settled_at, b.created_at, b.legs_json, b.same_game_json
       FROM bets b
       WHERE b.status = 'settled' AND b.settled_at >= ?1 AND b.result != 'void'
         AND NOT EXISTS (SELECT 1 FROM bet_clv c WHERE c.bet_id = b.id)
         AND NOT EXISTS (SELECT 1 FROM bet_legs l WHERE l.bet_id = b.id AND l.commence_time > ?2)
       ORDER BY b.settled_at ASC
       LIMIT ?3`,
    )
    .bind(since, feedNow, batch)
    .all<Row>();
  if (results.length === 0) return 0;
  const bets = results.map((row) => ({
    row,
    legs: LegsSchema.parse(JSON.parse(row.legs_json)),
    sameGame: row.same_game_json === null ? undefined : BlocksSchema.parse(JSON.parse(row.same_game_json)),
  }));
  const closes = await readCloses(
    db,
    bets.flatMap((b) => b.legs.map((l) => l.eventId)),
  );
  const statements = bets.map(({ row, legs, sameGame }) => {
    const scored = betClv({ createdAt: row.created_at, legs, sameGame }, (id) => closes.get(id));
    return db
      .prepare(
        `INSERT INTO bet_clv (bet_id, user_id, wallet, settled_at, prematch_legs, clv, computed_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING`,
      )
      .bind(row.id, row.user_id, row.wallet, row.settled_at, scored.prematchLegs, scored.clv, now);
  });
  await db.batch(statements);
  return results.length;
}

/** The cron's step: one batch, a failure logged and left to the next trigger; `feedClock` reads the feed's clock. */
export async function scoreSettledBetsOnSchedule(env: Env, now: number, feedClock: () => Promise<number>): Promise<void> {
  try {
    await scoreSettledBets(env.DB, now, tunables(env).CLV_SCORE_BATCH, await feedClock());
  } catch (err) {
    loggerFor(env).error("closing-line value: scoring settled bets failed; the next trigger will try again", err);
  }
}
