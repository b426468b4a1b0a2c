// Handles that look like another player's are refused on PATCH /api/me (409
// `handle-taken`), by UTS #39 skeleton: D1's generated handle_skeleton column (migration
// 0028) against src/shared/handles.ts handleSkeleton, for every row, those written
// before the migration included. Racing look-alikes get one winner; a player keeps the
// handle they have, even beside a look-alike chosen before these rules.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HANDLE_MESSAGES, handleLookAlikeKey, handleSkeleton } from "../../src/shared/handles";
import type { UserDocument } from "../../src/shared/schemas/user";
import { api, signIn, type SignedIn } from "./helpers";

const patchMe = (p: SignedIn, body: unknown) => api("/api/me", { method: "PATCH", token: p.token, body: JSON.stringify(body) });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const handleOf = async (p: SignedIn) => ((await (await api("/api/me", { token: p.token })).json()) as UserDocument).handle;

/** A handle row as one chosen before migration 0028 (no skeleton written by the Worker). */
async function insertProfile(userId: string, handle: string): Promise<void> {
  await env.DB.prepare("INSERT INTO player_profiles (user_id, handle, hidden, updated_at) VALUES (?, ?, 0, ?)")
    .bind(userId, handle, Date.now())
    .run();
}

describe("handle look-alikes on PATCH /api/me", () => {
  it("a refused handle leaves a date of birth sent with it unsaved", async () => {
    const taken = await signIn();
    expect((await patchMe(taken, { handle: "keeper" })).status).toBe(200);
    const newcomer = await signIn(undefined, undefined, { confirmAge: false });
    for (const handle of ["keeper", "KEEPER", "x"]) {
      const res = await patchMe(newcomer, { dateOfBirth: "1990-04-25", handle });
      expect(res.status, handle).toBeGreaterThanOrEqual(400);
      expect(res.status, handle).toBeLessThan(500);
    }
    const me = (await (await api("/api/me", { token: newcomer.token })).json()) as UserDocument;
    expect(me.dateOfBirth).toBeNull();
    expect(me.handle).toBeNull();

    // A player keeping a handle chosen before these rules, beside its look-alike, is not refused.
    const rollo = await signIn();
    expect((await patchMe(rollo, { handle: "rollo" })).status).toBe(200);
    const legacy = await signIn(undefined, undefined, { confirmAge: false });
    await insertProfile(legacy.userId, "r0llo");
    const kept = await patchMe(legacy, { dateOfBirth: "1990-04-25", handle: "r0llo" });
    expect(kept.status).toBe(200);
  });

  it("refuses another player's handle as taken, and its look-alikes as looking like it", async () => {
    const jordan = await signIn();
    expect((await patchMe(jordan, { handle: "jordan" })).status).toBe(200);
    const other = await signIn();
    for (const [handle, message] of [
      ["jordan", HANDLE_MESSAGES.taken],
      ["JORDAN", HANDLE_MESSAGES.taken],
      ["j0rdan", HANDLE_MESSAGES.lookAlike],
      // Underscores aside, these read as "jordan" too.
      ["jordan_", HANDLE_MESSAGES.lookAlike],
      ["_jordan", HANDLE_MESSAGES.lookAlike],
      ["jor_dan", HANDLE_MESSAGES.lookAlike],
      ["j_0_r_d_a_n", HANDLE_MESSAGES.lookAlike],
      ["ＪＯＲＤＡＮ", HANDLE_MESSAGES.taken],
    ] as const) {
      const res = await patchMe(other, { handle });
      expect(res.status, handle).toBe(409);
      expect(await errorOf(res), handle).toEqual({ code: "handle-taken", message });
    }
    expect(await handleOf(other)).toBeNull();
    // i and j are not confusables.txt look-alikes, so "iordan" is another handle.
    expect((await patchMe(other, { handle: "iordan" })).status).toBe(200);
    expect(await handleOf(other)).toBe("iordan");
  });

  it("reads m as rn and 1 as l, whichever of the two came first", async () => {
    const mike = await signIn();
    expect((await patchMe(mike, { handle: "mike_1" })).status).toBe(200);
    const copy = await signIn();
    for (const handle of ["rnike_1", "mike_l", "rnike_l"]) {
      const res = await patchMe(copy, { handle });
      expect(res.status, handle).toBe(409);
      expect(await errorOf(res), handle).toEqual({ code: "handle-taken", message: HANDLE_MESSAGES.lookAlike });
    }
    const first = await signIn();
    expect((await patchMe(first, { handle: "sarn_plays" })).status).toBe(200);
    expect((await patchMe(copy, { handle: "sam_plays" })).status).toBe(409);
  });

  it("lets a player move between look-alikes of their own handle, and keep it", async () => {
    const p = await signIn();
    expect((await patchMe(p, { handle: "nova" })).status).toBe(200);
    expect((await patchMe(p, { handle: "n0va" })).status).toBe(200);
    expect(await handleOf(p)).toBe("n0va");
    expect((await patchMe(p, { handle: "n0va", showCashResults: true })).status).toBe(200);
  });

  it("gives one of two players racing for look-alike handles the handle, and the other a 409", async () => {
    const a = await signIn();
    const b = await signIn();
    const races = await Promise.all([patchMe(a, { handle: "lola_1" }), patchMe(b, { handle: "1o1a_l" })]);
    expect(races.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("keeps look-alikes chosen before the rule, and holds them against new players", async () => {
    const sam = await signIn();
    const sarn = await signIn();
    await insertProfile(sam.userId, "old_sam");
    await insertProfile(sarn.userId, "old_sarn");
    // Both keep theirs: saving the handle one has is never refused.
    expect((await patchMe(sarn, { handle: "old_sarn" })).status).toBe(200);
    expect((await patchMe(sam, { handle: "old_sam" })).status).toBe(200);
    const newcomer = await signIn();
    const res = await patchMe(newcomer, { handle: "o1d_sam" });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "handle-taken", message: HANDLE_MESSAGES.lookAlike });
  });
});

describe("the handle_skeleton and handle_look_alike columns", () => {
  it("hold handleSkeleton and handleLookAlikeKey of every handle D1 stores, whoever wrote the row", async () => {
    const handles = fc.sample(fc.stringMatching(/^[a-z0-9_]{3,20}$/), { numRuns: 200, seed: 28 });
    const unique = [...new Set([...handles, "m01_", "rn0l1m", "0000", "mmm"])];
    await env.DB.batch(
      unique.map((handle, i) =>
        env.DB.prepare("INSERT INTO player_profiles (user_id, handle, hidden, updated_at) VALUES (?, ?, 0, 0)").bind(
          `skeleton-${i}`,
          handle,
        ),
      ),
    );
    const { results } = await env.DB.prepare(
      "SELECT handle, handle_skeleton AS skeleton, handle_look_alike AS lookAlike FROM player_profiles WHERE user_id LIKE 'skeleton-%'",
    ).all<{ handle: string; skeleton: string; lookAlike: string }>();
    expect(results).toHaveLength(unique.length);
    for (const row of results) {
      expect(row.skeleton, row.handle).toBe(handleSkeleton(row.handle));
      expect(row.lookAlike, row.handle).toBe(handleLookAlikeKey(row.handle));
    }
    await insertProfile("no-handle", "x_y_z");
    await env.DB.prepare("UPDATE player_profiles SET handle = NULL WHERE user_id = 'no-handle'").run();
    const cleared = await env.DB.prepare("SELECT handle_skeleton AS skeleton FROM player_profiles WHERE user_id = 'no-handle'").first();
    expect(cleared).toEqual({ skeleton: null });
  });
});
