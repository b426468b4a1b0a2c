// Share cards follow privacy: a pick's or profile's card (and its share page and JSON) is
// cached like the other public reads (browsers ask again each time, the edge keeps it
// under the player's and the pick's Cache-Tags), and hiding the profile, withdrawing the
// share links or changing the handle purges those tags, so the next fetch reaches the
// Worker and answers 404 (or redirects) instead of a kept copy. Workers Cache is off in
// tests, so `Edge` below stands in for it: it keeps what Cloudflare would keep (a 200 that
// says public with s-maxage, keyed by path) and drops it when purged by a tag it carries.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ShareResponse } from "../../src/shared/schemas/social";
import { LEADERBOARD_TAG, PUBLIC_READS_TAG, pickTag, playerTag, WINNERS_TAG } from "../../worker/http/cache-control";
import worker from "../../worker/index";
import { tagsMadeStale } from "../../worker/social/privacy-purge";
import { api, BASE, signIn, type SignedIn } from "./helpers";
import { leg, newEventId, openBet, seedBets, wallet } from "./settlement-fixtures";

type Kept = { body: ArrayBuffer; status: number; headers: [string, string][]; tags: string[]; until: number };

/** Workers Cache in front of the Worker, as far as these tests need it. */
class Edge {
  private readonly kept = new Map<string, Kept>();
  /** The tag lists of every purge the Worker asked for, in order. */
  readonly purges: string[][] = [];
  readonly cache: CacheContext = {
    purge: (options) => this.purge(options),
    invalidate: (options) => this.purge(options),
  };

  private async purge({ tags = [] }: CachePurgeOptions): Promise<CachePurgeResult> {
    this.purges.push(tags);
    for (const [path, copy] of this.kept) if (copy.tags.some((t) => tags.includes(t))) this.kept.delete(path);
    return { success: true, errors: [] };
  }

  /** The Worker's answer to `path`, or the edge's kept copy of it (`fromEdge`). */
  async fetch(path: string, init: RequestInit & { token?: string } = {}): Promise<{ res: Response; fromEdge: boolean }> {
    const method = init.method ?? "GET";
    const copy = method === "GET" ? this.kept.get(path) : undefined;
    if (copy && copy.until > Date.now()) {
      return { res: new Response(copy.body, { status: copy.status, headers: copy.headers }), fromEdge: true };
    }
    const headers = new Headers(init.headers);
    headers.set("CF-Connecting-IP", `10.9.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`);
    if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
    if (init.body !== undefined) headers.set("Content-Type", "application/json");
    const ctx = Object.assign(createExecutionContext(), { cache: this.cache });
    const request = new Request(`${BASE}${path}`, { ...init, headers, redirect: "manual" }) as Parameters<typeof worker.fetch>[0];
    const res = await worker.fetch(request, env, ctx);
    await waitOnExecutionContext(ctx);
    const control = res.headers.get("Cache-Control") ?? "";
    const seconds = Number(/(?:^|,\s*)s-maxage=(\d+)/.exec(control)?.[1] ?? 0);
    if (method !== "GET" || res.status !== 200 || !/^public\b/.test(control) || seconds <= 0) return { res, fromEdge: false };
    const body = await res.arrayBuffer();
    this.kept.set(path, {
      body,
      status: res.status,
      headers: [...res.headers],
      tags: (res.headers.get("Cache-Tag") ?? "").split(",").filter((t) => t !== ""),
      until: Date.now() + seconds * 1000,
    });
    return { res: new Response(body, { status: res.status, headers: res.headers }), fromEdge: false };
  }

  patchMe(player: SignedIn, body: unknown) {
    return this.fetch("/api/me", { method: "PATCH", token: player.token, body: JSON.stringify(body) });
  }
}

/** A public player with one shared Coins pick, settled as won. */
async function playerWithSettledSharedPick(edge: Edge) {
  const handle = `priv${crypto.randomUUID().slice(0, 8)}`;
  const player = await signIn();
  expect((await edge.patchMe(player, { handle })).res.status).toBe(200);
  const eventId = newEventId();
  const bet = openBet([leg({ eventId, side: "Home", priceAm: 150, home: "Boston Celtics", away: "Los Angeles Lakers" })], { stake: 200 });
  await seedBets(player.userId, [bet]);
  const shared = await edge.fetch(`/api/bets/${bet.id}/share`, { method: "POST", token: player.token, body: "{}" });
  expect(shared.res.status).toBe(200);
  const { shareId } = (await shared.res.json()) as ShareResponse;
  await wallet(player.userId).applyEventResults(player.userId, [{ eventId, homeScore: 110, awayScore: 99 }], Date.now());
  return { player, handle, shareId };
}

/** The profile card's current URL, read from the profile's share page (straight from the Worker). */
async function profileCardPath(handle: string): Promise<string> {
  const html = await (await api(`/u/${handle}`)).text();
  const url = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  expect(url).toBeDefined();
  return new URL(url ?? "").pathname;
}

/** Fetches `path` twice: the Worker's 200 with the public-read policy, then the edge's copy of it. */
async function expectKeptAtEdge(edge: Edge, path: string, tags: string[]): Promise<Uint8Array> {
  const first = await edge.fetch(path);
  expect(first.res.status, path).toBe(200);
  expect(first.fromEdge, path).toBe(false);
  expect(first.res.headers.get("Cache-Control"), path).toMatch(/^public, max-age=0, s-maxage=\d+$/);
  expect(first.res.headers.get("Cache-Tag")?.split(","), path).toEqual([PUBLIC_READS_TAG, ...tags]);
  const second = await edge.fetch(path);
  expect(second.fromEdge, path).toBe(true);
  return new Uint8Array(await second.res.arrayBuffer());
}

/** After a purge: `path` reaches the Worker again and answers `status`, never from a kept copy. */
async function expectGoneFromEdge(edge: Edge, path: string, status: number): Promise<Response> {
  const after = await edge.fetch(path);
  expect(after.fromEdge, path).toBe(false);
  expect(after.res.status, path).toBe(status);
  if (status !== 200) expect(after.res.headers.get("Cache-Control"), path).toBe("no-store");
  return after.res;
}

// Each case draws and rasterises cards, seconds of CPU on a busy machine: a timeout to match.
describe("share cards follow privacy", { timeout: 60_000 }, () => {
  it("hiding the profile purges the settled pick's card, the profile's card, their pages and JSON: all 404 at once", async () => {
    const edge = new Edge();
    const { player, handle, shareId } = await playerWithSettledSharedPick(edge);
    const profileCard = await profileCardPath(handle);
    const pickPaths = [`/api/cards/picks/${shareId}/won.png`, `/p/${shareId}`, `/api/public/picks/${shareId}`];
    const profilePaths = [profileCard, `/u/${handle}`, `/api/public/profiles/${handle}`];
    for (const path of pickPaths) await expectKeptAtEdge(edge, path, [pickTag(shareId), playerTag(handle)]);
    for (const path of profilePaths) await expectKeptAtEdge(edge, path, [playerTag(handle)]);

    const hidden = await edge.patchMe(player, { profileHidden: true });
    expect(hidden.res.status).toBe(200);
    expect(edge.purges).toEqual([[playerTag(handle), LEADERBOARD_TAG]]);
    for (const path of [...pickPaths, ...profilePaths]) await expectGoneFromEdge(edge, path, 404);
  });

  it("withdrawing the share links (clearing the handle) purges the pick's card: it answers 404", async () => {
    const edge = new Edge();
    const { player, handle, shareId } = await playerWithSettledSharedPick(edge);
    const card = `/api/cards/picks/${shareId}/won.png`;
    await expectKeptAtEdge(edge, card, [pickTag(shareId), playerTag(handle)]);

    expect((await edge.patchMe(player, { handle: null })).res.status).toBe(200);
    expect(edge.purges).toEqual([[playerTag(handle), LEADERBOARD_TAG]]);
    await expectGoneFromEdge(edge, card, 404);
    await expectGoneFromEdge(edge, `/p/${shareId}`, 404);
  });

  it("a handle change purges the old handle's copies: its profile card 404s and the pick's card is drawn again under the new handle", async () => {
    const edge = new Edge();
    const { player, handle, shareId } = await playerWithSettledSharedPick(edge);
    const profileCard = await profileCardPath(handle);
    const pickCard = `/api/cards/picks/${shareId}/won.png`;
    await expectKeptAtEdge(edge, profileCard, [playerTag(handle)]);
    const before = await expectKeptAtEdge(edge, pickCard, [pickTag(shareId), playerTag(handle)]);

    const renamed = `${handle}x`;
    expect((await edge.patchMe(player, { handle: renamed })).res.status).toBe(200);
    expect(edge.purges).toEqual([[playerTag(handle), LEADERBOARD_TAG]]);
    await expectGoneFromEdge(edge, profileCard, 404);
    await expectGoneFromEdge(edge, `/u/${handle}`, 404);
    // The share link survives a rename; its card now names the new handle, under the new handle's tag.
    const redrawn = await expectGoneFromEdge(edge, pickCard, 200);
    expect(redrawn.headers.get("Cache-Tag")).toBe(`${PUBLIC_READS_TAG},${pickTag(shareId)},${playerTag(renamed)}`);
    expect(new Uint8Array(await redrawn.arrayBuffer())).not.toEqual(before);
  });

  it("no longer showing Vantage Cash results purges the profile card that drew them: its URL redirects to the new figures", async () => {
    const edge = new Edge();
    const { player, handle } = await playerWithSettledSharedPick(edge);
    expect((await edge.patchMe(player, { showCashResults: true })).res.status).toBe(200);
    const withCash = await profileCardPath(handle);
    await expectKeptAtEdge(edge, withCash, [playerTag(handle)]);

    edge.purges.length = 0;
    expect((await edge.patchMe(player, { showCashResults: false })).res.status).toBe(200);
    // The winners list named the player while they showed their results: it goes too.
    expect(edge.purges).toEqual([[playerTag(handle), LEADERBOARD_TAG, WINNERS_TAG]]);
    const res = await expectGoneFromEdge(edge, withCash, 302);
    expect(res.headers.get("Location")).toBe(await profileCardPath(handle));
  });

  it("a change that makes nothing public stale purges nothing", async () => {
    const edge = new Edge();
    const { player } = await playerWithSettledSharedPick(edge);
    // Choosing a first handle made nothing stale either.
    expect(edge.purges).toEqual([]);
    expect((await edge.patchMe(player, { displayName: "New Name" })).res.status).toBe(200);
    expect((await edge.patchMe(player, { profileHidden: false })).res.status).toBe(200);
    expect(edge.purges).toEqual([]);
    expect((await edge.patchMe(player, { profileHidden: true })).res.status).toBe(200);
    // Showing a hidden profile again: its reads were 404 and never kept.
    expect((await edge.patchMe(player, { profileHidden: false })).res.status).toBe(200);
    expect(edge.purges).toHaveLength(1);
  });

  it("names what a privacy change makes stale", () => {
    const shown = { handle: "ann", hidden: false, showCashResults: false };
    expect(tagsMadeStale(shown, { ...shown, hidden: true })).toEqual([playerTag("ann"), LEADERBOARD_TAG]);
    expect(tagsMadeStale(shown, { ...shown, handle: "bea" })).toEqual([playerTag("ann"), LEADERBOARD_TAG]);
    expect(tagsMadeStale(shown, { ...shown, handle: null })).toEqual([playerTag("ann"), LEADERBOARD_TAG]);
    expect(tagsMadeStale(shown, { ...shown, showCashResults: true })).toEqual([playerTag("ann"), LEADERBOARD_TAG]);
    const showingCash = { ...shown, showCashResults: true };
    expect(tagsMadeStale(showingCash, { ...showingCash, hidden: true })).toEqual([playerTag("ann"), LEADERBOARD_TAG, WINNERS_TAG]);
    expect(tagsMadeStale(shown, shown)).toEqual([]);
    expect(tagsMadeStale({ ...shown, hidden: true }, shown)).toEqual([]);
    expect(tagsMadeStale({ ...shown, handle: null }, { ...shown, handle: "bea" })).toEqual([]);
  });
});
