// Share cards: /p/:shareId and /u/:handle answer with the SPA plus link-preview tags, and
// the pick's card is a 1200×630 PNG drawn at the edge whose URL names the pick's state,
// so a preview made after settlement shows the result; a profile's card URL names a
// version of its figures the same way. No card for a withdrawn share or a hidden profile (404).
import { describe, expect, it } from "vitest";
import type { ShareResponse } from "../../src/shared/schemas/social";
import { sharePageHeaders } from "../../worker/share-cards/share-pages";
import { api, postJson, signIn, type SignedIn } from "./helpers";
import { leg, newEventId, openBet, seedBets, wallet } from "./settlement-fixtures";

const patchMe = (p: SignedIn, body: unknown) => api("/api/me", { method: "PATCH", token: p.token, body: JSON.stringify(body) });
const page = (path: string) => api(path, { headers: { Accept: "text/html" } });

/** The content of a <meta property|name="key"> in the page, or null. */
function metaOf(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, "\\$&")}" content="([^"]*)"`).exec(html);
  return match?.[1]?.replaceAll("&amp;", "&").replaceAll("&#39;", "'") ?? null;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function sharedOpenPick() {
  const handle = `card${crypto.randomUUID().slice(0, 8)}`;
  const player = await signIn();
  expect((await patchMe(player, { handle })).status).toBe(200);
  const eventId = newEventId();
  const bet = openBet([leg({ eventId, side: "Home", priceAm: 150, home: "Boston Celtics", away: "Los Angeles Lakers" })], { stake: 200 });
  await seedBets(player.userId, [bet]);
  const shared = (await (await postJson(`/api/bets/${bet.id}/share`, {}, player.token)).json()) as ShareResponse;
  return { player, handle, bet, eventId, shareId: shared.shareId };
}

async function cardOf(html: string): Promise<{ url: string; png: Uint8Array }> {
  const url = metaOf(html, "og:image")!;
  const res = await api(new URL(url).pathname);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("image/png");
  return { url, png: new Uint8Array(await res.arrayBuffer()) };
}

describe("a shared pick's page and card", () => {
  it("carries Open Graph and Twitter tags; the card is 1200×630 and changes when the pick settles", async () => {
    const { player, handle, bet, eventId, shareId } = await sharedOpenPick();
    const res = await page(`/p/${shareId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("Content-Security-Policy")).toMatch(/^default-src 'self'/);
    const html = await res.text();
    // The SPA itself, with one title and one description: the pick's.
    expect(html).toContain('<div id="root"></div>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<title>@${handle}&#39;s pick · Vantage</title>`);
    expect(metaOf(html, "og:title")).toBe(`@${handle}'s pick · Vantage`);
    expect(metaOf(html, "og:description")).toBe("Boston Celtics (+150): 200 Coins to win 300 Coins. Open.");
    expect(metaOf(html, "og:url")).toBe(`http://localhost/p/${shareId}`);
    expect(metaOf(html, "og:image:width")).toBe("1200");
    expect(metaOf(html, "og:image:height")).toBe("630");
    expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    expect(metaOf(html, "twitter:image")).toBe(metaOf(html, "og:image"));

    // A link that gained a trailing slash is the same page; another method is a JSON 404.
    const slashed = await page(`/p/${shareId}/`);
    expect(slashed.status).toBe(200);
    expect(metaOf(await slashed.text(), "og:url")).toBe(`http://localhost/p/${shareId}`);
    const posted = await api(`/p/${shareId}`, { method: "POST", body: "{}" });
    expect(posted.status).toBe(404);
    expect(await posted.json()).toEqual({ error: { code: "not-found", message: "No such page." } });

    const open = await cardOf(html);
    expect(open.url).toBe(`http://localhost/api/cards/picks/${shareId}/open.png`);
    expect(pngSize(open.png)).toEqual({ width: 1200, height: 630 });

    await wallet(player.userId).applyEventResults(player.userId, [{ eventId, homeScore: 110, awayScore: 99 }], Date.now());
    const settledHtml = await (await page(`/p/${shareId}`)).text();
    expect(metaOf(settledHtml, "og:description")).toBe("Boston Celtics (+150): 200 Coins staked, 500 Coins paid. Won.");
    const won = await cardOf(settledHtml);
    expect(won.url).toBe(`http://localhost/api/cards/picks/${shareId}/won.png`);
    expect(pngSize(won.png)).toEqual({ width: 1200, height: 630 });
    expect(won.png).not.toEqual(open.png);
    expect(bet.id).toBeTruthy();
  });

  it("redirects a card URL naming another state to the pick's own, and refuses unknown ones", async () => {
    const { shareId } = await sharedOpenPick();
    const stale = await api(`/api/cards/picks/${shareId}/won.png`, { redirect: "manual" });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe(`/api/cards/picks/${shareId}/open.png`);
    expect((await api(`/api/cards/picks/${shareId}/maybe.png`)).status).toBe(404);
    expect((await api(`/api/cards/picks/${"x".repeat(22)}/open.png`)).status).toBe(404);
    // A query is no new card: it is sent to the card's own address, nothing drawn.
    const busted = await api(`/api/cards/picks/${shareId}/open.png?n=1`, { redirect: "manual" });
    expect(busted.status).toBe(301);
    expect(busted.headers.get("Location")).toBe(`/api/cards/picks/${shareId}/open.png`);
    expect(busted.headers.get("Content-Type")).not.toBe("image/png");
  });

  it("has no card once the profile is hidden: page, card and profile are 404", async () => {
    const { player, handle, shareId } = await sharedOpenPick();
    expect((await page(`/u/${handle}`)).status).toBe(200);
    expect((await patchMe(player, { profileHidden: true })).status).toBe(200);
    const res = await page(`/p/${shareId}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(metaOf(html, "og:image")).toBeNull();
    expect((await api(`/api/cards/picks/${shareId}/open.png`)).status).toBe(404);
    const profile = await page(`/u/${handle}`);
    expect(profile.status).toBe(404);
    expect(metaOf(await profile.text(), "og:title")).toBeNull();
  });

  it("a public profile's page names the player, never their e-mail or display name", async () => {
    const handle = `prof${crypto.randomUUID().slice(0, 8)}`;
    const player = await signIn(`${handle}-secret@example.com`, "Secret Name");
    expect((await patchMe(player, { handle })).status).toBe(200);
    // Another spelling of the handle is sent to the one canonical page (one copy at the edge).
    const recased = await api(`/u/${handle.toUpperCase()}`, { redirect: "manual" });
    expect(recased.status).toBe(301);
    expect(recased.headers.get("Location")).toBe(`/u/${handle}`);
    // So is the profile's JSON, which the page reads.
    const recasedJson = await api(`/api/public/profiles/${handle.toUpperCase()}`, { redirect: "manual" });
    expect(recasedJson.status).toBe(302);
    expect(recasedJson.headers.get("Location")).toBe(`/api/public/profiles/${handle}`);
    expect(recasedJson.headers.get("Cache-Control")).toBe("no-store");
    // A query string is one more edge key: it goes to the canonical path too.
    const queried = await api(`/api/public/profiles/${handle}?x=1`, { redirect: "manual" });
    expect(queried.status).toBe(302);
    expect(queried.headers.get("Location")).toBe(`/api/public/profiles/${handle}`);
    const res = await page(`/u/${handle}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(metaOf(html, "og:title")).toBe(`@${handle} · Vantage`);
    expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    expect(html).not.toContain("secret@example.com");
    expect(html).not.toContain("Secret Name");
    expect((await page("/u/nobody-here-at-all")).status).toBe(404);
  });

  it("a public profile's card is its figures at 1200×630; a settled pick makes a new card URL, and the old one redirects", async () => {
    const { player, handle, eventId } = await sharedOpenPick();
    const html = await (await page(`/u/${handle}`)).text();
    expect(metaOf(html, "og:image:width")).toBe("1200");
    expect(metaOf(html, "og:image:height")).toBe("630");
    expect(metaOf(html, "og:image:alt")).toBe(`@${handle}'s Vantage profile: 0 settled Coins picks`);
    const before = await cardOf(html);
    expect(before.url).toMatch(new RegExp(`^http://localhost/api/cards/profiles/${handle}/[0-9a-f]{8}\\.png$`));
    expect(pngSize(before.png)).toEqual({ width: 1200, height: 630 });
    // The same figures, the same URL.
    expect(metaOf(await (await page(`/u/${handle}`)).text(), "og:image")).toBe(before.url);

    await wallet(player.userId).applyEventResults(player.userId, [{ eventId, homeScore: 110, awayScore: 99 }], Date.now());
    const settledHtml = await (await page(`/u/${handle}`)).text();
    expect(metaOf(settledHtml, "og:image:alt")).toBe(`@${handle}'s Vantage profile: 1 settled Coins pick`);
    const after = await cardOf(settledHtml);
    expect(after.url).not.toBe(before.url);
    expect(after.png).not.toEqual(before.png);
    const stale = await api(new URL(before.url).pathname, { redirect: "manual" });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe(new URL(after.url).pathname);

    // Another spelling of the handle is sent to the card's canonical path.
    const recased = await api(`/api/cards/profiles/${handle.toUpperCase()}/${new URL(after.url).pathname.split("/").pop()}`, {
      redirect: "manual",
    });
    expect(recased.status).toBe(302);
    expect(recased.headers.get("Location")).toBe(new URL(after.url).pathname);
    expect((await api(`/api/cards/profiles/${handle}/latest.png`)).status).toBe(404);
    expect((await patchMe(player, { profileHidden: true })).status).toBe(200);
    expect((await api(new URL(after.url).pathname)).status).toBe(404);
  });

  it("keeps the pages' CSP, except on the dev server's shell whose inline preamble it would block", () => {
    const built = '<html><head><script type="module" crossorigin src="/assets/index.js"></script></head></html>';
    const dev = '<html><head><script type="module">import { injectIntoGlobalHook } from "/@react-refresh";</script></head></html>';
    expect(sharePageHeaders(built, 200, 30, []).get("Content-Security-Policy")).toMatch(/script-src 'self';/);
    expect(sharePageHeaders(dev, 200, 30, []).get("Content-Security-Policy")).toBeNull();
    const found = sharePageHeaders(built, 200, 30, ["player:ann"]);
    expect(found.get("Cache-Control")).toBe("public, max-age=0, s-maxage=30");
    expect(found.get("Cache-Tag")).toBe("public-reads,player:ann");
    const missing = sharePageHeaders(built, 404, 30, ["player:ann"]);
    expect(missing.get("Cache-Control")).toBe("no-store");
    expect(missing.get("Cache-Tag")).toBeNull();
  });
});
