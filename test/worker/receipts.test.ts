// Receipts: a placed bet's receipt verifies with the published keys and a changed byte
// does not; sealed days chain, and a receipt removed after sealing shows; the signing key
// is refused where the public development key would sign real play.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { brokenLink } from "../../src/shared/receipts/merkle";
import { verifyReceipt } from "../../src/shared/receipts/verify";
import { RECEIPT_KEYS_PATH, type Receipt, ReceiptDayRootSchema, ReceiptKeysSchema } from "../../src/shared/schemas/receipts";
import { checkSecrets, ConfigurationError, DEV_RECEIPT_SIGNING_KEY, receiptSigningKey } from "../../worker/config";
import { auditDay } from "../../worker/receipts/audit";
import { issueBetReceipts, type BetSubject } from "../../worker/receipts/issue";
import { dayRootOf, proofFor, sealedDay, sealEndedDays } from "../../worker/receipts/seal";
import { receiptsOnSchedule } from "../../worker/receipts/seal-on-schedule";
import { getUserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { api, signIn } from "./helpers";

async function publishedKeys() {
  const res = await api(RECEIPT_KEYS_PATH);
  expect(res.status).toBe(200);
  return ReceiptKeysSchema.parse(await res.json()).keys;
}

describe("a bet's receipt", () => {
  it("verifies with the published keys; a changed byte fails", async () => {
    const player = await signIn();
    const [event] = await openEvents(1);
    const placed = await placeBet(player.token, {
      kind: "Singles",
      wallet: "coins",
      amount: 25,
      picks: [pickOf(event!, "Moneyline", "Home")],
    });
    expect(placed.status).toBe(200);
    const { bets } = (await placed.json()) as { bets: { id: string; stake: number }[] };
    const id = `bet-${bets[0]!.id}`;
    // Written after the answer (waitUntil), or on first read once D1 has the bet.
    const receipt = await vi.waitFor(
      async () => {
        const res = await api(`/api/receipts/${id}`, { token: player.token });
        expect(res.status).toBe(200);
        return (await res.json()) as Receipt;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(receipt.record).toMatchObject({
      id,
      kind: "bet",
      userId: player.userId,
      keyId: DEV_RECEIPT_SIGNING_KEY.kid,
      bet: { stake: bets[0]!.stake },
    });
    const keys = await publishedKeys();
    expect(await verifyReceipt(receipt, keys, null)).toEqual({ ok: true, inclusion: "pending", keyId: DEV_RECEIPT_SIGNING_KEY.kid });

    // One byte of the canonical record changed (the stake's last digit): the signature no longer matches.
    const text = JSON.stringify(receipt);
    const changed = text.replace(`"stake":${bets[0]!.stake}`, `"stake":${bets[0]!.stake + 1}`);
    expect(changed).not.toBe(text);
    expect(await verifyReceipt(JSON.parse(changed), keys, null)).toMatchObject({ ok: false, reason: expect.stringMatching(/signature/) });

    // The same receipt on every read; another player sees none of it.
    const again = (await (await api(`/api/receipts/${id}`, { token: player.token })).json()) as Receipt;
    expect(again.signature).toBe(receipt.signature);
    const other = await signIn();
    expect((await api(`/api/receipts/${id}`, { token: other.token })).status).toBe(404);
    expect((await api(`/api/receipts/${id}`)).status).toBe(401);
    expect((await api("/api/receipts/nope", { token: player.token })).status).toBe(400);
  });
});

describe("a paid redemption's receipt", () => {
  it("is issued by the cron for a redemption paid lately, and on first read for an older one", async () => {
    const player = await signIn();
    const now = Date.now();
    const recent = `r-${crypto.randomUUID()}`;
    const older = `r-${crypto.randomUUID()}`;
    const paid = env.DB.prepare(
      "INSERT INTO sweepstakes_winners (redemption_id, user_id, amount_cents, region, paid_at) VALUES (?, ?, ?, 'US-TX', ?)",
    );
    await env.DB.batch([paid.bind(recent, player.userId, 2500, now - 60_000), paid.bind(older, player.userId, 1200, now - 10 * DAY_MS)]);
    await receiptsOnSchedule(env, now);
    const issued = await env.DB.prepare("SELECT id FROM receipts WHERE subject_id IN (?, ?)").bind(recent, older).all<{ id: string }>();
    expect(issued.results.map((r) => r.id)).toEqual([`payout-${recent}`]);

    const keys = await publishedKeys();
    for (const [id, cents] of [
      [recent, 2500],
      [older, 1200],
    ] as const) {
      const res = await api(`/api/receipts/payout-${id}`, { token: player.token });
      expect(res.status).toBe(200);
      const receipt = (await res.json()) as Receipt;
      expect(receipt.record).toMatchObject({ kind: "payout", subjectId: id, userId: player.userId, payout: { amountCents: cents } });
      expect(JSON.stringify(receipt.record)).not.toContain("US-TX");
      expect(await verifyReceipt(receipt, keys, null)).toMatchObject({ ok: true });
    }
    const other = await signIn();
    expect((await api(`/api/receipts/payout-${older}`, { token: other.token })).status).toBe(404);
  });
});

describe("a bet receipt whose write never landed", () => {
  it("is issued on first read from D1's copy of the bet", async () => {
    const player = await signIn();
    const [event] = await openEvents(1);
    const placed = await placeBet(player.token, {
      kind: "Singles",
      wallet: "coins",
      amount: 30,
      picks: [pickOf(event!, "Moneyline", "Away")],
    });
    const betId = ((await placed.json()) as { bets: { id: string }[] }).bets[0]!.id;
    // The bet reaches D1 through the wallet's outbox (flushed here); its receipt is written after the answer.
    await getUserWallet(env, player.userId).flushOutbox();
    expect(await env.DB.prepare("SELECT id FROM bets WHERE id = ?").bind(betId).first()).not.toBeNull();
    await vi.waitFor(
      async () => expect(await env.DB.prepare("SELECT id FROM receipts WHERE id = ?").bind(`bet-${betId}`).first()).not.toBeNull(),
      { timeout: 10_000, interval: 20 },
    );
    await env.DB.prepare("DELETE FROM receipts WHERE id = ?").bind(`bet-${betId}`).run();
    const res = await api(`/api/receipts/bet-${betId}`, { token: player.token });
    expect(res.status).toBe(200);
    const receipt = (await res.json()) as Receipt;
    expect(receipt.record).toMatchObject({ subjectId: betId, bet: { stake: 30, legs: [{ eventId: event!.eventId, side: "Away" }] } });
    expect(await verifyReceipt(receipt, await publishedKeys(), null)).toMatchObject({ ok: true });
  });
});

const DAY_MS = 86_400_000;
const FIRST = Date.parse("2026-03-01T10:00:00Z");
const userId = "receipt-chain-player";

function betOn(id: string, createdAt: number): BetSubject {
  return {
    id,
    wallet: "coins",
    kind: "Singles",
    stake: 100,
    toWin: 90,
    createdAt,
    legs: [
      {
        eventId: "e1",
        league: "basketball_nba",
        market: "Moneyline",
        side: "Home",
        line: null,
        priceAm: -110,
        home: "A",
        away: "B",
        startTime: "2026-03-02T00:00:00Z",
      },
    ],
  };
}

describe("sealed days", () => {
  afterAll(async () => {
    await env.DB.batch([
      env.DB.prepare("DELETE FROM receipts WHERE day < '2026-06-01'"),
      env.DB.prepare("DELETE FROM receipt_days WHERE day < '2026-06-01'"),
    ]);
  });

  it("chain day to day, prove each receipt, and show a receipt removed later", async () => {
    // This test's days are long past: the chain starts with them.
    await env.DB.prepare("DELETE FROM receipt_days").run();
    const key = DEV_RECEIPT_SIGNING_KEY;
    for (const [n, day] of [
      [3, 0],
      [2, 2],
    ] as const) {
      const at = FIRST + day * DAY_MS;
      await issueBetReceipts(
        env.DB,
        key,
        userId,
        Array.from({ length: n }, (_, i) => betOn(`chain-${day}-${i}`, at)),
        at,
      );
    }
    const sealed = await sealEndedDays(env.DB, FIRST + 3 * DAY_MS, { sealAfterMinutes: 15, daysPerRun: 10 });
    expect(sealed).toEqual(["2026-03-01", "2026-03-02", "2026-03-03"]);
    // Sealed once: a second run changes nothing.
    expect(await sealEndedDays(env.DB, FIRST + 3 * DAY_MS, { sealAfterMinutes: 15, daysPerRun: 10 })).toEqual([]);

    const days = await Promise.all(sealed.map(async (day) => dayRootOf((await sealedDay(env.DB, day))!)));
    expect(days.map((d) => d.count)).toEqual([3, 0, 2]);
    expect(await brokenLink(days)).toBeNull();

    const keys = await publishedKeys();
    const row = (await env.DB.prepare("SELECT record_json, signature, salt FROM receipts WHERE id = 'bet-chain-0-1'").first<{
      record_json: string;
      signature: string;
      salt: string;
    }>())!;
    const proof = await proofFor(env.DB, "bet-chain-0-1", "2026-03-01");
    const receipt = { record: JSON.parse(row.record_json), signature: row.signature, salt: row.salt, proof };
    expect(await verifyReceipt(receipt, keys, days[0]!)).toMatchObject({ ok: true, inclusion: "included" });

    // The public answer is the sealed row, readable by a verifier on any site.
    const res = await api("/api/receipts/days/2026-03-01", { headers: { Origin: "https://verifier.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(ReceiptDayRootSchema.parse(await res.json())).toEqual(days[0]);
    expect((await api("/api/receipts/days/2026-02-30x")).status).toBe(400);
    expect((await api("/api/receipts/days/2025-01-01")).status).toBe(404);

    // A receipt dropped after its day was sealed: the day no longer audits, the others'
    // proofs are gone, and rebuilding the day without it breaks the chain at that day.
    expect(await auditDay(env.DB, "2026-03-01")).toMatchObject({ ok: true });
    await env.DB.prepare("DELETE FROM receipts WHERE id = 'bet-chain-0-2'").run();
    expect(await auditDay(env.DB, "2026-03-01")).toMatchObject({ ok: false });
    expect(await proofFor(env.DB, "bet-chain-0-1", "2026-03-01")).toBeNull();
    const { results } = await env.DB.prepare("SELECT hash FROM receipts WHERE day = '2026-03-01' ORDER BY id").all<{ hash: string }>();
    const { merkleRoot, dayRoot } = await import("../../src/shared/receipts/merkle");
    const rebuilt = { ...days[0]!, count: results.length, treeRoot: await merkleRoot(results.map((r) => r.hash)) };
    expect(await brokenLink([{ ...rebuilt, root: await dayRoot(rebuilt) }, ...days.slice(1)])).toBe("2026-03-02");
    // And the player's copy, proved against the published root, no longer matches a re-sealed day.
    expect(await verifyReceipt(receipt, keys, { ...days[0]!, root: await dayRoot(rebuilt), count: rebuilt.count })).toMatchObject({
      ok: false,
    });
  });
});

describe("the receipt signing key", () => {
  const key = async (kid: string) => {
    const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
    return { ...(await crypto.subtle.exportKey("jwk", pair.privateKey)), kid } as { kid: string; x: string };
  };

  it("is the development key only where the stand-ins serve", () => {
    expect(receiptSigningKey(env)?.kid).toBe(DEV_RECEIPT_SIGNING_KEY.kid);
    expect(receiptSigningKey({ ...env, APP_ENV: "production" })).toBeNull();
    expect(receiptSigningKey({ ...env, STRIPE_SECRET_KEY: "sk_live_x" })).toBeNull();
  });

  it("must be a listed Ed25519 key, never the development one", async () => {
    const jwk = await key("2026-11-a");
    const listed = JSON.stringify([
      { keyId: "2026-11-a", algorithm: "Ed25519", publicKey: jwk.x, validFrom: "2026-11-01T00:00:00.000Z", validUntil: null },
    ]);
    const configured = { ...env, APP_ENV: "production", RECEIPT_SIGNING_KEY: JSON.stringify(jwk), RECEIPT_KEYS_JSON: listed };
    expect(() => checkSecrets(configured)).not.toThrow();
    expect(receiptSigningKey(configured)?.kid).toBe("2026-11-a");
    expect(() => checkSecrets({ ...configured, RECEIPT_KEYS_JSON: "[]" })).toThrow(ConfigurationError);
    expect(() => checkSecrets({ ...configured, RECEIPT_SIGNING_KEY: JSON.stringify(DEV_RECEIPT_SIGNING_KEY) })).toThrow(/development key/);
    expect(() => checkSecrets({ ...configured, RECEIPT_SIGNING_KEY: "not json" })).toThrow(ConfigurationError);
    expect(() => checkSecrets({ ...env, RECEIPT_KEYS_JSON: "{" })).toThrow(ConfigurationError);
  });
});
