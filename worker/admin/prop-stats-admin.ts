// Players' statistics entered by hand, for the props of games no stats source covers (every
// sport but the simulator's and MLB's): GET /api/admin/prop-stats lists the final games whose
// open props wait for statistics (void PROP_GRADE_HOURS after the final) and the box scores
// recorded lately; POST /api/admin/events/:eventId/stats `{players, reason}` asks for a `stats`
// request, which a second operator holding no bet on the game approves. Approval records the
// box score (source "operator") and sends the game's open props to settle at once, or, for a
// game that has statistics already, corrects them and re-grades its props once in each
// holder's wallet (worker/settlement/record-box-score.ts). The entry must cover every player
// bet on, with each statistic his markets grade on (`stats-incomplete` otherwise). Sending the
// statistics already recorded asks nobody: it only drives the wallets again (200), to finish a
// correction some wallets missed.
import { Hono } from "hono";
import { z } from "zod";
import { propMarket } from "../../src/shared/props/catalogue";
import { StatsRequestSchema } from "../../src/shared/schemas/operator-actions";
import type { ApprovalAnswer, PropPlayerNeed, PropStatsView, StatsAnswer } from "../../src/shared/schemas/operator-views";
import type { BetLeg } from "../../src/shared/schemas/bets";
import { type BoxScore, type PlayerStatLine, PlayerStatLineSchema } from "../../src/shared/schemas/props";
import { parseWith, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { refusalError } from "../http/refusals";
import type { ApprovalKindRules } from "../approvals/approvals";
import { refusedError, requestApproval } from "../approvals/approvals";
import { auditStatement } from "../approvals/audit-log";
import { recordBoxScore, samePlayers } from "../settlement/record-box-score";
import { propsDeadline } from "../settlement/settlement-job";
import { chunk } from "../settlement/chunk";
import { tunables } from "../tunables";
import { betHolderRefusal, requireRecentSignIn, resultDeciderRefusal } from "./operator-guards";

const EventIdSchema = z.string().min(1).max(128);
const PlayerStatLinesSchema = z.array(PlayerStatLineSchema);
const AWAITING = 50;
const RECORDED = 20;
const HOUR_MS = 3_600_000;

/** The players the games' props were bet on, per game, with what grading them needs. */
async function propPlayerNeeds(db: D1Database, eventIds: readonly string[]): Promise<Map<string, PropPlayerNeed[]>> {
  const byGame = new Map<string, Map<string, PropPlayerNeed>>();
  for (const ids of chunk(eventIds, 100)) {
    const { results } = await db
      .prepare(
        `SELECT l.event_id AS event_id, l.leg_index AS leg_index, l.result AS result, b.legs_json AS legs_json
           FROM bet_legs l JOIN bets b ON b.id = l.bet_id
          WHERE l.market = 'Prop' AND l.event_id IN (${ids.map(() => "?").join(", ")})`,
      )
      .bind(...ids)
      .all<{ event_id: string; leg_index: number; result: string | null; legs_json: string }>();
    for (const row of results) {
      const leg = (JSON.parse(row.legs_json) as BetLeg[])[row.leg_index];
      const market = leg?.prop && propMarket(leg.league, leg.prop.marketKey);
      // A leg that fits no market voids whatever the statistics say: it needs nothing of them.
      if (!leg?.prop || !market) continue;
      const players = byGame.get(row.event_id) ?? new Map<string, PropPlayerNeed>();
      byGame.set(row.event_id, players);
      const need = players.get(leg.prop.playerId) ?? {
        playerId: leg.prop.playerId,
        name: leg.prop.player,
        stats: [],
        needsStart: false,
        openLegs: 0,
      };
      players.set(need.playerId, need);
      if (!need.stats.includes(market.stat)) need.stats.push(market.stat);
      need.needsStart ||= market.needsStart === true;
      if (row.result === null) need.openLegs += 1;
    }
  }
  return new Map([...byGame].map(([eventId, players]) => [eventId, [...players.values()].sort((a, b) => a.name.localeCompare(b.name))]));
}

/** What the entry leaves out of what the props need: a player not listed, or a statistic a player who played lacks. */
function missingStats(needs: readonly PropPlayerNeed[], players: readonly PlayerStatLine[]): string[] {
  return needs.flatMap((need) => {
    const line = players.find((p) => p.playerId === need.playerId);
    if (!line) return [`${need.name}: not listed`];
    if (!line.played) return [];
    const wanted = need.needsStart ? [...need.stats, "started"] : need.stats;
    return wanted.filter((stat) => line.stats[stat] === undefined).map((stat) => `${need.name}: ${stat}`);
  });
}

async function propStatsView(env: Env, now: number): Promise<PropStatsView> {
  const db = env.DB;
  const graceMs = tunables(env).PROP_GRADE_HOURS * HOUR_MS;
  const [awaiting, recorded] = await Promise.all([
    db
      .prepare(
        `SELECT e.event_id AS event_id, e.sport AS sport, e.home AS home, e.away AS away, e.home_score AS home_score,
                e.away_score AS away_score, e.updated_at AS final_at, COUNT(*) AS open_legs
           FROM events e JOIN bet_legs l ON l.event_id = e.event_id
          WHERE e.status = 'final' AND e.updated_at > ? AND l.market = 'Prop' AND l.result IS NULL
            AND NOT EXISTS (SELECT 1 FROM box_scores b WHERE b.event_id = e.event_id)
          GROUP BY e.event_id ORDER BY e.updated_at LIMIT ?`,
      )
      .bind(now - graceMs, AWAITING)
      .all<{
        event_id: string;
        sport: string;
        home: string;
        away: string;
        home_score: number;
        away_score: number;
        final_at: number;
        open_legs: number;
      }>(),
    db
      .prepare(
        `SELECT b.event_id AS event_id, b.sport AS sport, b.source AS source, b.version AS version, b.recorded_at AS recorded_at,
                b.players AS players, e.home AS home, e.away AS away
           FROM box_scores b LEFT JOIN events e ON e.event_id = b.event_id ORDER BY b.recorded_at DESC LIMIT ?`,
      )
      .bind(RECORDED)
      .all<{
        event_id: string;
        sport: string;
        source: BoxScore["source"];
        version: number;
        recorded_at: number;
        players: string;
        home: string | null;
        away: string | null;
      }>(),
  ]);
  const needs = await propPlayerNeeds(
    db,
    [...awaiting.results, ...recorded.results].map((r) => r.event_id),
  );
  return {
    awaiting: awaiting.results.map((r) => ({
      eventId: r.event_id,
      sport: r.sport,
      home: r.home,
      away: r.away,
      homeScore: r.home_score,
      awayScore: r.away_score,
      finalAt: r.final_at,
      deadline: r.final_at + graceMs,
      openLegs: r.open_legs,
      players: needs.get(r.event_id) ?? [],
    })),
    recorded: recorded.results.map((r) => ({
      eventId: r.event_id,
      sport: r.sport,
      home: r.home ?? "",
      away: r.away ?? "",
      source: r.source,
      version: r.version,
      recordedAt: r.recorded_at,
      box: PlayerStatLinesSchema.parse(JSON.parse(r.players)),
      players: needs.get(r.event_id) ?? [],
    })),
  };
}

export function propStatsAdminRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/prop-stats", async (c) => c.json((await propStatsView(c.env, Date.now())) satisfies PropStatsView));

  // Money follows from it (props settle), so a fresh sign-in; an operator holding a bet on the game has no say in it.
  app.post("/events/:eventId/stats", requireRecentSignIn, async (c) => {
    const eventId = parseWith(EventIdSchema, c.req.param("eventId"));
    const { players, reason } = await readJson(c, StatsRequestSchema);
    const operator = c.var.user;
    const holder = await betHolderRefusal(c.env, operator, eventId);
    if (holder) throw refusalError(holder);
    const db = c.env.DB;
    const now = Date.now();
    const game = await db
      .prepare("SELECT status, updated_at FROM events WHERE event_id = ?")
      .bind(eventId)
      .first<{ status: string; updated_at: number }>();
    if (!game) throw refusalError({ ok: false, code: "event-not-found" });
    if (game.status !== "final") throw refusalError({ ok: false, code: "stats-need-final" });
    const current = await db
      .prepare("SELECT version, players FROM box_scores WHERE event_id = ?")
      .bind(eventId)
      .first<{ version: number; players: string }>();
    const needs = (await propPlayerNeeds(db, [eventId])).get(eventId) ?? [];
    // A first box score is for open props not yet past their deadline; a correction, for a game with props at all.
    const awaited = current
      ? needs.length > 0
      : needs.some((n) => n.openLegs > 0) && game.updated_at > propsDeadline(now, tunables(c.env).PROP_GRADE_HOURS);
    if (!awaited) throw refusalError({ ok: false, code: "stats-not-awaited" });
    const missing = missingStats(needs, players);
    if (missing.length > 0) throw refusalError({ ok: false, code: "stats-incomplete", details: { missing } });

    if (current && samePlayers(PlayerStatLinesSchema.parse(JSON.parse(current.players)), players)) {
      const answer = await recordBoxScore(c.env, { eventId, source: "operator", players }, { resend: true }, now);
      if (!answer.ok) throw refusalError(answer);
      const { ok: _ok, ...body } = answer;
      return c.json(body satisfies StatsAnswer);
    }
    const requested = await requestApproval(
      c.env,
      { kind: "stats", subject: eventId, payload: { players, ...(current && { correctsVersion: current.version }) }, reason },
      operator,
      now,
    );
    if (!requested.ok) throw refusedError(requested);
    return c.json({ request: requested.request } satisfies ApprovalAnswer, 202);
  });

  return app;
}

/** The approvals queue's rules for a `stats` request: nobody holding a bet on the game decides; approval records (or corrects) the box score. */
export const STATS_APPROVAL: ApprovalKindRules = {
  guard: (env, request, operator, requester, decision) => resultDeciderRefusal(env, request.subject, operator, requester, decision),
  async apply(env, request, approver, now) {
    if (request.kind !== "stats") throw new Error(`not statistics: ${request.kind}`);
    const eventId = request.subject;
    const { players, correctsVersion } = request.payload;
    // A first box score approved after the props' deadline would grade props settlement has
    // since voided as overdue (and a later correction would re-grade them): as on asking, it
    // is for a game whose props are still awaited.
    if (correctsVersion === undefined) {
      const game = await env.DB.prepare("SELECT updated_at FROM events WHERE event_id = ?").bind(eventId).first<{ updated_at: number }>();
      if (!game || game.updated_at <= propsDeadline(now, tunables(env).PROP_GRADE_HOURS)) return { ok: false, code: "stats-not-awaited" };
    }
    const audit = (version: number, replaced: { version: number; source: string } | null) =>
      auditStatement(
        env.DB,
        {
          actor: approver.email,
          action: replaced ? "stats-correction" : "stats",
          target: eventId,
          reason: request.reason,
          details: { version, replaced, players: players.length, requestId: request.id, requestedBy: request.requestedBy },
        },
        now,
        { afterChange: true },
      );
    const answer = await recordBoxScore(
      env,
      { eventId, source: "operator", players },
      { expectedVersion: correctsVersion ?? null, audit },
      now,
    );
    if (!answer.ok) return answer;
    const { ok: _ok, ...outcome } = answer;
    return { ok: true, outcome };
  },
};
