// The operators' corrections of the feed's player names for props (D1 `prop_player_names`,
// worker/odds/prop-names.ts): GET /api/admin/prop-players?sport= lists a sport's, PUT sets one
// (`{sport, feedName, playerId, displayName, team?, reason?}`: this spelling of the feed means
// this player, of this team — the feed names players only, so the team is how his props learn
// their side; without it the entry says none), DELETE ?sport=&feedName=&reason= forgets one. Each change is written with its audit row in
// one batch. A name re-grades nothing (bets keep the player id they were placed on), but it
// decides which player the next props of that spelling are about, and so whose statistics
// grade them: a change needs a fresh sign-in, and an operator holding an open player-prop bet
// in the sport (from any of their accounts) may not make it (403 holds-prop-bet). Nothing is
// invalidated: every props refresh reads the map anew (PROP_REFRESH_SECONDS), so the next one
// shows the change.
import { Hono } from "hono";
import {
  PropPlayerDeleteQuerySchema,
  PropPlayerNameRequestSchema,
  PropPlayersQuerySchema,
} from "../../src/shared/schemas/operator-actions";
import type { PropPlayerNames, PropPlayerNamesAnswerSchema } from "../../src/shared/schemas/operator-views";
import type { SportKey } from "../../src/shared/sports";
import type { z } from "zod";
import { parseWith, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { auditStatement } from "../approvals/audit-log";
import { refusalError } from "../http/refusals";
import { propHolderRefusal, requireRecentSignIn } from "./operator-guards";

type NameRow = { feed_name: string; player_id: string; display_name: string; team: string | null; updated_by: string; updated_at: number };

async function listNames(db: D1Database, sport: SportKey): Promise<PropPlayerNames> {
  const { results } = await db
    .prepare(
      "SELECT feed_name, player_id, display_name, team, updated_by, updated_at FROM prop_player_names WHERE sport = ? ORDER BY feed_name",
    )
    .bind(sport)
    .all<NameRow>();
  return {
    sport,
    names: results.map((r) => ({
      feedName: r.feed_name,
      playerId: r.player_id,
      displayName: r.display_name,
      team: r.team,
      updatedBy: r.updated_by,
      updatedAt: r.updated_at,
    })),
  };
}

/** The audit target of one name: the sport and the feed's spelling. */
const targetOf = (sport: string, feedName: string) => `${sport}:${feedName}`;

export function propNamesAdminRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    const { sport } = parseWith(PropPlayersQuerySchema, c.req.query());
    return c.json(await listNames(c.env.DB, sport));
  });

  // The same entry again changes nothing and writes no audit row.
  app.put("/", requireRecentSignIn, async (c) => {
    const { sport, feedName, playerId, displayName, team, reason } = await readJson(c, PropPlayerNameRequestSchema);
    const holds = await propHolderRefusal(c.env, c.var.user, sport);
    if (holds) throw refusalError(holds);
    const db = c.env.DB;
    const operator = c.var.user.email;
    const now = Date.now();
    const [written] = await db.batch([
      db
        .prepare(
          `INSERT INTO prop_player_names (sport, feed_name, player_id, display_name, team, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (sport, feed_name) DO UPDATE SET player_id = excluded.player_id, display_name = excluded.display_name,
             team = excluded.team, updated_by = excluded.updated_by, updated_at = excluded.updated_at
           WHERE prop_player_names.player_id <> excluded.player_id OR prop_player_names.display_name <> excluded.display_name
             OR prop_player_names.team IS NOT excluded.team`,
        )
        .bind(sport, feedName, playerId, displayName, team ?? null, operator, now),
      auditStatement(
        db,
        {
          actor: operator,
          action: "prop-player-name",
          target: targetOf(sport, feedName),
          reason: reason ?? "",
          details: { sport, feedName, playerId, displayName, team: team ?? null },
        },
        now,
        { afterChange: true },
      ),
    ]);
    const answer: z.infer<typeof PropPlayerNamesAnswerSchema> = {
      ...(await listNames(db, sport)),
      changed: Boolean(written?.meta.changes),
    };
    return c.json(answer);
  });

  // Forgetting a spelling that has no entry changes nothing (200, `changed` false).
  app.delete("/", requireRecentSignIn, async (c) => {
    const { sport, feedName, reason } = parseWith(PropPlayerDeleteQuerySchema, c.req.query());
    const holds = await propHolderRefusal(c.env, c.var.user, sport);
    if (holds) throw refusalError(holds);
    const db = c.env.DB;
    const now = Date.now();
    const before = await db
      .prepare("SELECT player_id, display_name FROM prop_player_names WHERE sport = ? AND feed_name = ?")
      .bind(sport, feedName)
      .first<{ player_id: string; display_name: string }>();
    const [removed] = await db.batch([
      db.prepare("DELETE FROM prop_player_names WHERE sport = ? AND feed_name = ?").bind(sport, feedName),
      auditStatement(
        db,
        {
          actor: c.var.user.email,
          action: "prop-player-name-removed",
          target: targetOf(sport, feedName),
          reason: reason ?? "",
          details: { sport, feedName, playerId: before?.player_id ?? null, displayName: before?.display_name ?? null },
        },
        now,
        { afterChange: true },
      ),
    ]);
    const answer: z.infer<typeof PropPlayerNamesAnswerSchema> = {
      ...(await listNames(db, sport)),
      changed: Boolean(removed?.meta.changes),
    };
    return c.json(answer);
  });

  return app;
}
