// The Drizzle schema (what the Worker's queries are typed against) and the hand-written
// migrations (what D1 really has) must describe the same tables and columns.
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as schema from "../../worker/db/schema";

const tables: SQLiteTable[] = Object.values(schema as Record<string, unknown>).filter(
  (value): value is SQLiteTable => typeof value === "object" && value !== null && Symbol.for("drizzle:IsDrizzleTable") in value,
);

describe("D1 migrations and worker/db/schema.ts", () => {
  it("declares at least the core tables", () => {
    const names = tables.map((t) => getTableConfig(t).name);
    expect(names).toEqual(expect.arrayContaining(["users", "refresh_tokens", "wallet_balances", "bets", "bet_legs", "events"]));
  });

  it.each(tables.map((t) => [getTableConfig(t).name, t] as const))(
    "%s has the same columns in D1 as in the schema",
    async (name, table) => {
      // table_xinfo, not table_info: the latter leaves generated columns out (player_profiles.handle_skeleton).
      const { results } = await env.DB.prepare(`PRAGMA table_xinfo(${name})`).all<{ name: string; notnull: number; pk: number }>();
      const inDb = Object.fromEntries(results.map((c) => [c.name, { notNull: c.notnull === 1 || c.pk > 0 }]));
      const inSchema = Object.fromEntries(getTableConfig(table).columns.map((c) => [c.name, { notNull: c.notNull || c.primary }]));
      expect(inDb).toEqual(inSchema);
    },
  );
});
