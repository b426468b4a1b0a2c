// The bets a game's exposure object may never have been told of: those placed before it
// existed (before exposure was tracked at all) or relayed to an object whose storage is
// gone. D1's projection holds every bet its wallet wrote, so the object reads the game's
// open bets from it once in its life (game-exposure-object.ts `backfill`).
import { z } from "zod";
import { BetDocumentSchema, BetLegSchema } from "../../src/shared/schemas/bets";
import type { BetOnGame } from "./open-part";

/** Bets read per D1 query: a popular game's backlog comes in pages, not one answer. */
const PAGE = 500;

const OpenBetRowSchema = z.object({
  id: z.string(),
  wallet: BetDocumentSchema.shape.wallet,
  stake: z.number().int(),
  to_win: z.number().int(),
  legs_json: z.string(),
  leg_results_json: z.string(),
  cash_out_stake: z.number().int(),
});

const LegsSchema = z.array(BetLegSchema).min(1);
const LegResultsSchema = BetDocumentSchema.shape.legResults;

/** Every bet D1 shows open with a leg on `eventId`, as the book reads bets. */
export async function openBetsOnGame(db: D1Database, eventId: string): Promise<BetOnGame[]> {
  const bets: BetOnGame[] = [];
  let after = "";
  for (;;) {
    const { results } = await db
      .prepare(
        `SELECT id, wallet, stake, to_win, legs_json, leg_results_json, cash_out_stake FROM bets
         WHERE status = 'open' AND id > ? AND id IN (SELECT bet_id FROM bet_legs WHERE event_id = ?)
         ORDER BY id LIMIT ?`,
      )
      .bind(after, eventId, PAGE)
      .all();
    for (const raw of results) {
      const row = OpenBetRowSchema.parse(raw);
      bets.push({
        id: row.id,
        wallet: row.wallet,
        status: "open",
        stake: row.stake,
        toWin: row.to_win,
        legs: LegsSchema.parse(JSON.parse(row.legs_json)),
        legResults: LegResultsSchema.parse(JSON.parse(row.leg_results_json)),
        ...(row.cash_out_stake > 0 && { cashOut: { stake: row.cash_out_stake } }),
      });
    }
    if (results.length < PAGE) return bets;
    after = OpenBetRowSchema.parse(results.at(-1)).id;
  }
}
