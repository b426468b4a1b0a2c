// GET /api/live: two tabs of one player connect with their access token and see every
// balance change and bet the moment it happens; nobody connects without a valid token.
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { LiveMessage, PlaceBetResponse } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { BASE, signIn } from "./helpers";

let events: Event[];
beforeAll(async () => {
  events = await openEvents(1);
});

type Tab = { socket: WebSocket; messages: LiveMessage[]; waitFor(match: (m: LiveMessage) => boolean): Promise<LiveMessage> };

function upgrade(headers: Record<string, string>, query = "") {
  return exports.default.fetch(new Request(`${BASE}/api/live${query}`, { headers: { Upgrade: "websocket", ...headers } }));
}

async function openTab(token: string): Promise<Tab> {
  const res = await upgrade({ "Sec-WebSocket-Protocol": `vantage.live.v1, vantage.token.${token}` });
  expect(res.status).toBe(101);
  expect(res.headers.get("Sec-WebSocket-Protocol")).toBe("vantage.live.v1");
  const socket = res.webSocket!;
  const messages: LiveMessage[] = [];
  const waiters: { match: (m: LiveMessage) => boolean; resolve: (m: LiveMessage) => void }[] = [];
  socket.accept();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as LiveMessage;
    messages.push(message);
    for (const w of waiters.splice(0)) {
      if (w.match(message)) w.resolve(message);
      else waiters.push(w);
    }
  });
  return {
    socket,
    messages,
    waitFor: (match) =>
      new Promise((resolve, reject) => {
        const seen = messages.find(match);
        if (seen) return resolve(seen);
        waiters.push({ match, resolve });
        setTimeout(() => reject(new Error(`no matching live message; got ${JSON.stringify(messages)}`)), 3000);
      }),
  };
}

/** Closes a tab's socket and waits for the wallet's answer, so no socket outlives its test. */
async function closeSocket(socket: WebSocket): Promise<void> {
  const closed = new Promise<void>((resolve) => socket.addEventListener("close", () => resolve()));
  socket.close(1000, "done");
  await Promise.race([closed, new Promise<void>((resolve) => setTimeout(resolve, 1000))]);
}

describe("live updates", () => {
  it("greets a tab with the balances and recent bets, then pushes every change to both tabs", async () => {
    const player = await signIn();
    const tabA = await openTab(player.token);
    const tabB = await openTab(player.token);
    await tabA.waitFor((m) => m.type === "balances" && m.balances.coinBalance === 5000);
    await tabA.waitFor((m) => m.type === "bets" && m.bets.length === 0);

    const res = await placeBet(player.token, {
      kind: "Singles",
      wallet: "coins",
      amount: 120,
      picks: [pickOf(events[0]!, "Moneyline", "Home")],
    });
    const placed = (await res.json()) as PlaceBetResponse;
    for (const tab of [tabA, tabB]) {
      await tab.waitFor((m) => m.type === "balances" && m.balances.coinBalance === 4880);
      const bets = await tab.waitFor((m) => m.type === "bets" && m.bets.some((b) => b.id === placed.bets[0]!.id));
      expect(bets.type === "bets" && bets.bets[0]).toMatchObject({ stake: 120, status: "open" });
    }

    const tabC = await openTab(player.token);
    await tabC.waitFor((m) => m.type === "bets" && m.bets.length === 1 && m.bets[0]!.id === placed.bets[0]!.id);
    await Promise.all([tabA, tabB, tabC].map((tab) => closeSocket(tab.socket)));
  });

  it("keeps at most 20 live tabs per player, closing the oldest", async () => {
    const player = await signIn();
    const first = await openTab(player.token);
    const closed = new Promise<number>((resolve) => first.socket.addEventListener("close", (event) => resolve(event.code)));
    const others = [];
    for (let i = 0; i < 20; i++) others.push(await openTab(player.token));
    expect(await closed).toBe(4000);
    await Promise.all(others.map((tab) => closeSocket(tab.socket)));
  });

  it("refuses a token in the query string (URLs end up in logs and history)", async () => {
    const player = await signIn();
    const res = await upgrade({ "Sec-WebSocket-Protocol": "vantage.live.v1" }, `?access_token=${player.token}`);
    expect(res.status).toBe(401);
    expect(res.webSocket).toBeNull();
  });

  it("refuses a connection without a valid token, or without an upgrade", async () => {
    expect((await upgrade({})).status).toBe(401);
    expect((await upgrade({ "Sec-WebSocket-Protocol": "vantage.live.v1, vantage.token.not-a-jwt" })).status).toBe(401);
    const plain = await exports.default.fetch(new Request(`${BASE}/api/live`));
    expect(plain.status).toBe(426);
    expect(await plain.json()).toMatchObject({ error: { code: "upgrade-required" } });
  });
});
