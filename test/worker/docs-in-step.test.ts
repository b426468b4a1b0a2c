// The generated references stay in step with the code: docs/api.md with the live route
// table and its notes, docs/tunables.md with the TUNABLES table. A change to either side
// without `npm run docs` fails here with the difference.
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { TUNABLES } from "../../worker/tunables";
import { listEndpoints, renderApiReference, renderTunablesReference, resolveSchema, ruleOf } from "./docs/reference-docs";
import { ROUTE_NOTES } from "./docs/route-notes";

const endpoints = listEndpoints(createApp());

describe("docs/api.md", () => {
  it("has a note for every route of the Worker and none for a route that is gone", () => {
    const live = endpoints.map((e) => e.key);
    const noted = Object.keys(ROUTE_NOTES);
    expect(
      live.filter((key) => !noted.includes(key)),
      "routes without a note in test/worker/docs/route-notes.ts",
    ).toEqual([]);
    expect(
      noted.filter((key) => !live.includes(key)),
      "notes for routes the Worker no longer has",
    ).toEqual([]);
  });

  it("reads access from the middleware, and declares it only for handlers that check the token themselves", () => {
    expect(endpoints.find((e) => e.key === "POST /api/placeBet")?.access).toBe("player");
    expect(endpoints.find((e) => e.key === "GET /api/admin/players")?.access).toBe("operator");
    expect(endpoints.find((e) => e.key === "GET /api/health")?.access).toBe("public");
    const overridden = endpoints.filter((e) => ROUTE_NOTES[e.key]?.access !== undefined && e.access !== "public");
    expect(overridden.map((e) => e.key)).toEqual([]);
  });

  it("names only schemas that src/shared/schemas exports", () => {
    const refs = Object.values(ROUTE_NOTES).flatMap((note) => [note.query, note.body, note.answer].filter((ref) => ref !== undefined));
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((ref) => resolveSchema(ref) === null)).toEqual([]);
  });

  it("is the reference the code describes (npm run docs writes it)", async () => {
    await expect(renderApiReference(endpoints)).toMatchFileSnapshot("../../docs/api.md");
  });
});

describe("docs/tunables.md", () => {
  it("states a rule for every tunable", () => {
    for (const [name, row] of Object.entries(TUNABLES)) expect(ruleOf(name, row.schema)).not.toBe("");
  });

  it("is the table worker/tunables.ts holds (npm run docs writes it)", async () => {
    await expect(renderTunablesReference(TUNABLES)).toMatchFileSnapshot("../../docs/tunables.md");
  });
});
