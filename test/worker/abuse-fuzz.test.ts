// Abuse, part 1: fast-check throws random and malformed requests at every
// endpoint the Worker serves — broken and hostile JSON, wrong types, huge, negative,
// fractional and non-finite numbers, extra fields, deep nesting, long and unicode
// strings, odd queries, content types, origins, Idempotency-Keys, and forged, expired,
// `alg: none` and mangled bearer tokens — and checks what a client would notice:
// never a 5xx, every error is exactly `{ error: { code, message } }` (the only non-JSON
// answers are the development sign-in chooser and simulated provider pages, and the
// redirects of the sign-in flow and those pages), and a signed-in victim whose valid
// token is often used keeps exactly the balances and ledger they had.
// Replay a failure with FUZZ_SEED=<printed seed>.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { SignJWT } from "jose";
import { beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { PACK_PRICES_CENTS } from "../../src/shared/packs";
import type { PlaceBetPick } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import { SPORT_KEYS } from "../../src/shared/sports";
import { issueAccessToken } from "../../worker/auth/access-tokens";
import { sessionSigningKey } from "../../worker/config";
import { DEV_STRIPE_WEBHOOK_SECRET } from "../../worker/payments/payments-config";
import { stripeSignatureHeader } from "../../worker/payments/stripe-webhook";
import { createApp } from "../../worker/app";
import worker from "../../worker/index";
import { getUserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf } from "./bets-helpers";
import { api, BASE, postJson, sessionIdOf, signIn, type SignedIn } from "./helpers";

declare module "vitest" {
  export interface ProvidedContext {
    FUZZ_SEED: string;
  }
}

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const SEED = Number.parseInt(inject("FUZZ_SEED") || "", 10) || Math.floor(Math.random() * 2 ** 31);
/** Runs per endpoint; 40 generators, so about 1,300 requests in all. */
const RUNS = 40;

type FuzzRequest = { method: string; path: string; headers: [string, string][]; body?: string };

// ---- what the fuzz knows before it starts (filled in beforeAll) ----

let victim: SignedIn;
let admin: SignedIn;
let bystander: SignedIn;
let tokens: string[];
let picks: PlaceBetPick[];
let events: Event[];
let checkoutIds: string[];
let accountIds: string[];
let authorizeParams: Record<string, string>;
let flowCookie: string;

function b64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Bearer tokens a hostile client might try: none of them may act for anyone. */
async function hostileTokens(): Promise<string[]> {
  const realKey = new TextEncoder().encode(sessionSigningKey(env)!);
  const now = Math.floor(Date.now() / 1000);
  const claims = { email: victim.email };
  const signed = (alg: string, key: Uint8Array, typ: string | undefined, iat = now, exp = now + 900) =>
    new SignJWT(claims)
      .setProtectedHeader(typ ? { alg, typ } : { alg })
      .setIssuer("vantage")
      .setAudience("vantage-api")
      .setSubject(victim.userId)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key);
  const expired = (
    await issueAccessToken(env, { id: victim.userId, email: victim.email, sessionId: sessionIdOf(victim.token) }, Date.now() - 2 * 3600_000)
  ).accessToken;
  const [head, payload, sig] = victim.token.split(".") as [string, string, string];
  const payloadClaims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
  return [
    expired,
    `${b64url({ alg: "none", typ: "at+jwt" })}.${payload}.`,
    `${b64url({ alg: "none", typ: "at+jwt" })}.${b64url({ ...payloadClaims, email: ADMIN_EMAIL })}.`,
    await signed("HS256", new TextEncoder().encode("not-the-signing-key"), "at+jwt"),
    await signed("HS512", realKey, "at+jwt"),
    await signed("HS256", realKey, undefined),
    `${head}.${b64url({ ...payloadClaims, email: ADMIN_EMAIL })}.${sig}`,
    `${head}.${b64url({ ...payloadClaims, sub: admin.userId })}.${sig}`,
    `${head}.${payload}.${sig.slice(0, -2)}${sig.endsWith("AA") ? "BB" : "AA"}`,
    victim.token.slice(0, -10),
    `${head}.${payload}`,
    "a.b.c",
    "null",
    "x".repeat(9000),
  ];
}

// ---- generators ----

/** Characters a header value can carry everywhere (printable ASCII; workerd re-encodes the rest as UTF-8). */
const headerChar = fc.integer({ min: 0x20, max: 0x7e }).map((n) => String.fromCharCode(n));
const headerText = (maxLength = 80) => fc.string({ unit: headerChar, maxLength });
const unicodeText = (maxLength = 60) => fc.string({ unit: "binary", maxLength });

/** Values of the wrong type or an absurd size, for any field. */
const weird: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -0,
    -1,
    0.5,
    -0.01,
    1e-7,
    1e21,
    -1e21,
    1.7976931348623157e308,
    2 ** 53 + 1,
    "",
    "0",
    "NaN",
    "Infinity",
    [],
    {},
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  unicodeText(),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Whole bodies that are not the JSON anyone asked for. */
const malformedBody: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    "",
    " ",
    "{",
    "}",
    "[1,2",
    '{"a":',
    "{'a':1}",
    "NaN",
    "undefined",
    "null",
    "[]",
    "\u0000",
    "\ufeff{}",
    '{"__proto__":{"admin":true}}',
    '{"a":1}{"a":2}',
  ),
  unicodeText(200),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.integer({ min: 200, max: 20_000 }).map((n) => "[".repeat(n) + "]".repeat(n)),
  fc.integer({ min: 200, max: 5_000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => JSON.stringify({ x: "é🎲".repeat(n / 2) })),
);

/** A near-valid object: the fields an endpoint expects, each sometimes replaced, plus extras. */
function nearValid(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, good] of Object.entries(fields)) record[key] = fc.oneof({ arbitrary: good, weight: 3 }, { arbitrary: weird, weight: 1 });
  return fc
    .tuple(fc.record(record, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 12 }), weird, { maxKeys: 3 }), fc.boolean())
    .map(([base, extra, withExtra]) => JSON.stringify(withExtra ? { ...extra, ...base } : base));
}

const bodyFor = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof({ arbitrary: nearValid(fields), weight: 3 }, { arbitrary: malformedBody, weight: 2 });

/** Numbers JSON can carry that no wallet accepts, sent as raw text (1e309 parses to Infinity). */
const rawNumber = fc.constantFrom("1e309", "-1e309", "1e-400", "9007199254740993", "-0", "0.15e1", "00", "0x10", "1_000");

function authHeader(): fc.Arbitrary<string | undefined> {
  const token = fc.oneof(
    { arbitrary: fc.constant(victim.token), weight: 10 },
    { arbitrary: fc.constant(admin.token), weight: 1 },
    { arbitrary: fc.constantFrom(...tokens), weight: 4 },
    { arbitrary: headerText(200), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: token.map((t) => `Bearer ${t}`), weight: 8 },
    {
      arbitrary: fc.tuple(fc.constantFrom("bearer ", "Bearer  ", "Basic ", "", "Bearer x "), token).map(([p, t]) => `${p}${t}`),
      weight: 2,
    },
    { arbitrary: fc.constantFrom("Bearer", "Bearer ", "Token abc", "Bearer null"), weight: 1 },
  );
}

const contentType = fc.constantFrom(
  undefined,
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "text/plain",
  "text/html",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=----fuzz",
  "application/xml",
  "*/*",
  "garbage",
);

const idempotencyKey = fc.oneof(
  fc.constant(undefined),
  fc.uuid(),
  fc.constantFrom("", "short", "k".repeat(129), "k".repeat(5000), "../../etc/passwd", "key with spaces", "%FF%FE%00", "null", "0"),
  headerText(140),
);

/** Extra headers: foreign origins, cross-site fetches, forged client addresses and cookies. */
const extraHeaders: fc.Arbitrary<[string, string][]> = fc
  .record(
    {
      // Mostly the app's own origin, so most requests get past the cross-site refusal.
      origin: fc.oneof(
        { arbitrary: fc.constant("http://localhost"), weight: 4 },
        { arbitrary: fc.constantFrom("https://evil.example", "null", "http://localhost.evil.example"), weight: 1 },
      ),
      fetchSite: fc.oneof(
        { arbitrary: fc.constantFrom("same-origin", "none"), weight: 4 },
        { arbitrary: fc.constantFrom("cross-site", "same-site"), weight: 1 },
      ),
      cookie: fc.oneof(
        fc.constantFrom(
          "__Host-vantage_rt=garbage",
          "__Host-vantage_rt=",
          "__Host-vantage_signin=x.y.z",
          'a=b; __Host-vantage_rt="quoted"',
        ),
        headerText(300).map((v) => `__Host-vantage_rt=${encodeURIComponent(v)}`),
      ),
      forwardedFor: headerText(60),
      accept: fc.constantFrom("*/*", "text/html", "application/json", "image/png"),
      userIdHeader: fc.constantFrom("x-vantage-user-id"),
    },
    { requiredKeys: [] },
  )
  .map((h) => {
    const out: [string, string][] = [];
    if (h.origin !== undefined) out.push(["Origin", h.origin]);
    if (h.fetchSite !== undefined) out.push(["Sec-Fetch-Site", h.fetchSite]);
    if (h.cookie !== undefined) out.push(["Cookie", h.cookie]);
    if (h.forwardedFor !== undefined) out.push(["X-Forwarded-For", h.forwardedFor]);
    if (h.accept !== undefined) out.push(["Accept", h.accept]);
    // Nothing a client sends may choose the user; this header is only for the Worker→object hop.
    if (h.userIdHeader !== undefined) out.push(["X-Vantage-User-Id", admin.userId]);
    return out;
  });

/** Query strings: expected names with odd values, repeats, unknown names, bad escapes. */
function queryFor(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const pairs = fc.array(
    fc.oneof(
      { arbitrary: fc.constantFrom(...Object.keys(fields)).chain((k) => fields[k]!.map((v) => [k, v] as const)), weight: 4 },
      { arbitrary: fc.tuple(fc.constantFrom(...Object.keys(fields)), unicodeText(40)), weight: 2 },
      { arbitrary: fc.tuple(fc.string({ maxLength: 10 }), unicodeText(20)), weight: 1 },
    ),
    { maxLength: 5 },
  );
  return fc.oneof(
    {
      arbitrary: pairs.map((p) => (p.length ? `?${p.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}` : "")),
      weight: 5,
    },
    { arbitrary: fc.constantFrom("?%", "?a=%E0%A4%A", "?%ZZ=1", "?&&&=&", "?sport", "?=x", `?${"a=1&".repeat(500)}`), weight: 1 },
  );
}

/** Path segments: real ids, well-formed strangers, traversal, bad escapes, long and unicode ones. */
function idSegment(real: string[], format: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    ...(real.length ? [{ arbitrary: fc.constantFrom(...real), weight: 3 }] : []),
    { arbitrary: format, weight: 2 },
    { arbitrary: fc.constantFrom("..", "%2e%2e", "%E0%A4%A", "%ZZ", "%00", "a%2Fb", "x".repeat(600), "'; DROP TABLE bets;--"), weight: 1 },
    { arbitrary: unicodeText(30).map(encodeURIComponent), weight: 1 },
  );
}

const hex32 = fc.stringMatching(/^[0-9a-f]{32}$/);
const methods = fc.constantFrom("GET", "POST", "PATCH", "PUT", "DELETE", "OPTIONS", "HEAD");

type Endpoint = {
  /** The app's routes ("METHOD /path") this generator aims at. */
  routes: string[];
  /** The request's method, path (with query) and body, before the shared headers are added. */
  request: () => fc.Arbitrary<{ method: string; path: string; body?: string; headers?: [string, string][] }>;
};

function post(path: fc.Arbitrary<string> | string, body: fc.Arbitrary<string | undefined>, method = "POST") {
  const paths = typeof path === "string" ? fc.constant(path) : path;
  return fc
    .tuple(paths, body, fc.oneof({ arbitrary: fc.constant(method), weight: 5 }, { arbitrary: methods, weight: 1 }))
    .map(([p, b, m]) => ({ method: m, path: p, body: b }));
}

function get(path: fc.Arbitrary<string> | string, query: fc.Arbitrary<string> = fc.constant("")) {
  const paths = typeof path === "string" ? fc.constant(path) : path;
  return fc
    .tuple(
      paths,
      query,
      fc.oneof({ arbitrary: fc.constant("GET"), weight: 5 }, { arbitrary: methods, weight: 1 }),
      fc.option(malformedBody),
    )
    .map(([p, q, m, b]) => ({ method: m, path: `${p}${q}`, body: b ?? undefined }));
}

const pick = () => fc.constantFrom(...picks);
/** A pick the price check must refuse or the schema must reject. */
const badPick = () =>
  fc.oneof(
    pick().map((p) => ({ ...p, priceAm: p.priceAm + 5000 })),
    pick().map((p) => ({ ...p, line: p.line === null ? 3.5 : p.line + 20 })),
    pick().map((p) => ({ ...p, eventId: `${p.eventId}-nope` })),
    pick().map((p) => ({ ...p, side: p.market === "Total" ? "Home" : "Over" })),
    fc.tuple(pick(), weird).map(([p, w]) => ({ ...p, priceAm: w })),
    fc.jsonValue({ maxDepth: 2 }),
  );
/** Stakes the victim (6,000 Coins, 1.00 Vantage Cash) can never place, whatever else the slip says. */
const badAmount = fc.constantFrom(0, -0, -1, -100, 0.5, 1.005, 0.001, 10.25, 6001, 250_001, 1e12, 2 ** 53, "100", null, true, [], {});

function placeBetBody(): fc.Arbitrary<string | undefined> {
  const slip = fc.record({
    kind: fc.oneof(fc.constantFrom("Singles", "Parlay"), weird),
    wallet: fc.oneof(fc.constantFrom("coins", "cash"), weird),
    amount: badAmount,
    picks: fc.oneof(
      fc.array(pick(), { minLength: 1, maxLength: 4 }),
      fc.array(fc.oneof(pick(), badPick()), { maxLength: 4 }),
      fc.array(pick(), { minLength: 21, maxLength: 25 }),
      weird,
    ),
  });
  const raw = fc
    .tuple(fc.constantFrom("Singles", "Parlay"), fc.constantFrom("coins", "cash"), rawNumber, pick())
    .map(([kind, wallet, amount, p]) => `{"kind":"${kind}","wallet":"${wallet}","amount":${amount},"picks":[${JSON.stringify(p)}]}`);
  return fc.oneof(
    { arbitrary: slip.map((s) => JSON.stringify(s)), weight: 4 },
    {
      arbitrary: fc
        .tuple(slip, fc.dictionary(fc.string({ maxLength: 8 }), weird, { minKeys: 1, maxKeys: 3 }))
        .map(([s, x]) => JSON.stringify({ ...x, ...s })),
      weight: 1,
    },
    { arbitrary: raw, weight: 1 },
    { arbitrary: malformedBody, weight: 2 },
  );
}

/** Stripe webhooks: unsigned, badly signed, stale, or signed but for nobody the victim is. */
function webhookRequest() {
  const eventJson = fc
    .record({
      type: fc.oneof(
        fc.constantFrom(
          "checkout.session.completed",
          "checkout.session.async_payment_succeeded",
          "charge.refunded",
          "payment_intent.succeeded",
        ),
        weird,
      ),
      object: fc.oneof(
        fc.record(
          {
            id: fc.oneof(fc.constantFrom("cs_test_fuzz"), weird),
            mode: fc.oneof(fc.constantFrom("payment", "subscription"), weird),
            payment_status: fc.oneof(fc.constantFrom("paid", "unpaid"), weird),
            amount_total: fc.oneof(fc.constantFrom(...PACK_PRICES_CENTS), weird),
            currency: fc.oneof(fc.constantFrom("usd", "eur"), weird),
            client_reference_id: fc.oneof(fc.constant(victim.userId), fc.constant(bystander.userId), fc.uuid(), weird),
          },
          { requiredKeys: [] },
        ),
        weird,
      ),
    })
    .map((e) =>
      JSON.stringify({
        id: `evt_fuzz_${crypto.randomUUID()}`,
        object: "event",
        type: e.type,
        created: Math.floor(Date.now() / 1000),
        data: { object: e.object },
      }),
    );
  return fc
    .tuple(
      fc.oneof(
        eventJson,
        malformedBody.map((b) => b ?? ""),
      ),
      fc.constantFrom("none", "garbage", "wrong-secret", "stale", "tampered", "signed"),
      headerText(120),
      fc.oneof({ arbitrary: fc.constant("POST"), weight: 5 }, { arbitrary: methods, weight: 1 }),
    )
    .map(([payload, mode, junk, method]) => ({ payload, mode, junk, method }));
}

async function webhookSignature(payload: string, mode: string, junk: string): Promise<string | undefined> {
  const now = Math.floor(Date.now() / 1000);
  const forVictim = payload.includes(victim.userId);
  switch (mode) {
    case "none":
      return undefined;
    case "garbage":
      return junk;
    case "wrong-secret":
      return stripeSignatureHeader(payload, "whsec_not_ours", now);
    case "stale":
      return stripeSignatureHeader(payload, DEV_STRIPE_WEBHOOK_SECRET, now - 3600);
    case "tampered":
      return stripeSignatureHeader(`${payload} `, DEV_STRIPE_WEBHOOK_SECRET, now);
    default:
      // A correctly signed event is Stripe speaking; it may pay the bystander but is never
      // signed for the victim (that would be a real purchase, not an attack).
      return forVictim
        ? stripeSignatureHeader(payload, "whsec_not_ours", now)
        : stripeSignatureHeader(payload, DEV_STRIPE_WEBHOOK_SECRET, now);
  }
}

const sport = () => fc.oneof(fc.constantFrom(...SPORT_KEYS), unicodeText(20));
const eventId = () =>
  idSegment(
    events.map((e) => e.eventId),
    fc.uuid(),
  );
const authorizeQuery = () =>
  fc
    .dictionary(fc.constantFrom(...Object.keys(authorizeParams), "extra", "prompt"), unicodeText(60), { maxKeys: 3 })
    .map((changes) => `?${new URLSearchParams({ ...authorizeParams, ...changes }).toString()}`);
const authorizeForm = () =>
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...Object.keys(authorizeParams), "email", "name"), unicodeText(60), { maxKeys: 3 }),
      fc.oneof(fc.emailAddress(), unicodeText(30)),
      fc.boolean(),
    )
    .map(([changes, email, asJson]) => {
      const fields = { ...authorizeParams, email, ...changes };
      return asJson
        ? { body: JSON.stringify(fields), headers: [["Content-Type", "application/json"]] as [string, string][] }
        : {
            body: new URLSearchParams(fields).toString(),
            headers: [["Content-Type", "application/x-www-form-urlencoded"]] as [string, string][],
          };
    });

/** Every route of createApp(), each with a generator (the coverage test checks none is missing). */
const ENDPOINTS: Endpoint[] = [
  { routes: ["GET /api/health"], request: () => get("/api/health", queryFor({ x: unicodeText() })) },
  { routes: [], request: () => fc.tuple(methods, unicodeText(40)).map(([m, p]) => ({ method: m, path: `/api/${encodeURIComponent(p)}` })) },
  {
    routes: ["POST /api/auth/session"],
    request: () => post("/api/auth/session", bodyFor({ idToken: fc.oneof(fc.constantFrom(...tokens), headerText(300)) })),
  },
  { routes: ["POST /api/auth/refresh"], request: () => post("/api/auth/refresh", malformedBody) },
  { routes: ["POST /api/auth/logout"], request: () => post("/api/auth/logout", malformedBody) },
  {
    routes: ["GET /api/auth/google/start"],
    request: () =>
      get(
        "/api/auth/google/start",
        queryFor({ from: fc.constantFrom("/picks", "//evil.example", "https://evil.example/x", "/\\evil", "javascript:alert(1)") }),
      ),
  },
  {
    routes: ["GET /api/auth/google/callback"],
    request: () =>
      fc
        .tuple(
          queryFor({ state: headerText(40), code: headerText(40), error: fc.constantFrom("access_denied", "server_error") }),
          fc.boolean(),
        )
        .map(([q, withFlow]) => ({
          method: "GET",
          path: `/api/auth/google/callback${q}`,
          headers: withFlow ? ([["Cookie", `__Host-vantage_signin=${flowCookie}`]] as [string, string][]) : [],
        })),
  },
  { routes: ["GET /api/auth/dev/jwks"], request: () => get("/api/auth/dev/jwks", queryFor({ kid: unicodeText() })) },
  {
    routes: ["POST /api/auth/dev/id-token"],
    request: () =>
      post(
        "/api/auth/dev/id-token",
        bodyFor({ email: fc.oneof(fc.emailAddress(), unicodeText(300)), name: unicodeText(100), nonce: unicodeText(300) }),
      ),
  },
  {
    routes: ["GET /api/auth/dev/authorize"],
    request: () =>
      fc
        .oneof(authorizeQuery(), queryFor({ client_id: unicodeText(), state: unicodeText() }))
        .map((q) => ({ method: "GET", path: `/api/auth/dev/authorize${q}` })),
  },
  {
    routes: ["POST /api/auth/dev/authorize"],
    request: () =>
      fc.oneof(
        authorizeForm().map((f) => ({ method: "POST", path: "/api/auth/dev/authorize", ...f })),
        post("/api/auth/dev/authorize", malformedBody),
      ),
  },
  {
    routes: ["POST /api/auth/dev/token"],
    request: () =>
      fc.oneof(
        post(
          "/api/auth/dev/token",
          bodyFor({
            grant_type: fc.constantFrom("authorization_code", "refresh_token"),
            code: headerText(100),
            redirect_uri: fc.constantFrom(authorizeParams.redirect_uri!, "https://evil.example/cb"),
            client_id: fc.constantFrom(authorizeParams.client_id!, "other"),
            client_secret: headerText(40),
            code_verifier: fc.stringMatching(/^[A-Za-z0-9._~-]{43,60}$/),
          }),
        ),
        fc.dictionary(fc.constantFrom("grant_type", "code", "redirect_uri", "client_id", "code_verifier"), unicodeText(60)).map((f) => ({
          method: "POST",
          path: "/api/auth/dev/token",
          body: new URLSearchParams(f).toString(),
          headers: [["Content-Type", "application/x-www-form-urlencoded"]] as [string, string][],
        })),
      ),
  },
  { routes: ["GET /api/me"], request: () => get("/api/me", queryFor({ uid: fc.constant(admin.userId) })) },
  {
    routes: ["PATCH /api/me"],
    request: () =>
      post(
        "/api/me",
        bodyFor({
          displayName: fc.oneof(unicodeText(40), fc.string({ unit: "grapheme", maxLength: 40 })),
          dateOfBirth: fc.oneof(
            fc.constantFrom("1990-04-25", "1980-01-01", "2015-06-01", "1990-02-30", "2999-01-01", "1899-12-31", ""),
            unicodeText(12),
          ),
          handle: fc.oneof(unicodeText(30), fc.stringMatching(/^[A-Za-z0-9_]{1,24}$/), fc.constantFrom("admin", "ADMIN", null)),
          profileHidden: fc.boolean(),
          showCashResults: fc.oneof(fc.boolean(), fc.constantFrom("yes", 1, null)),
          coinBalance: fc.constant(1e9),
          vantageCash: fc.constant(1e9),
        }),
        "PATCH",
      ),
  },
  {
    routes: ["GET /api/social/leaderboard"],
    request: () =>
      get(
        "/api/social/leaderboard",
        queryFor({
          period: fc.constantFrom("week", "all", "month", ""),
          wallet: fc.constantFrom("coins", "cash", "gold"),
          metric: fc.constantFrom("profit", "roi", "streak", "clv", "x"),
          userId: fc.constant(victim.userId),
        }),
      ),
  },
  {
    routes: ["GET /api/social/leaderboard/me"],
    request: () =>
      get(
        "/api/social/leaderboard/me",
        queryFor({
          period: fc.constantFrom("week", "all", "month", ""),
          wallet: fc.constantFrom("coins", "cash", "gold"),
          metric: fc.constantFrom("profit", "roi", "streak", "clv", "x"),
          userId: fc.constant(victim.userId),
        }),
      ),
  },
  {
    routes: ["GET /api/closes"],
    request: () =>
      get(
        "/api/closes",
        queryFor({
          eventIds: fc.oneof(
            unicodeText(200),
            fc.array(fc.uuid(), { minLength: 0, maxLength: 80 }).map((ids) => ids.join(",")),
            fc.constantFrom("", ",", ",,a", "a".repeat(7000)),
          ),
        }),
      ),
  },
  {
    routes: ["GET /api/social/following"],
    request: () => get("/api/social/following", queryFor({ follower: fc.constant(victim.userId) })),
  },
  {
    routes: ["GET /api/public/profiles/:handle"],
    request: () =>
      get(fc.oneof(unicodeText(30), fc.stringMatching(/^[a-z0-9_]{3,20}$/)).map((h) => `/api/public/profiles/${encodeURIComponent(h)}`)),
  },
  {
    routes: ["GET /api/public/picks/:shareId"],
    request: () =>
      get(fc.oneof(unicodeText(30), fc.stringMatching(/^[A-Za-z0-9_-]{22}$/)).map((id) => `/api/public/picks/${encodeURIComponent(id)}`)),
  },
  {
    routes: ["POST /api/bets/:betId/share"],
    request: () =>
      post(
        fc.oneof(fc.uuid(), unicodeText(200)).map((id) => `/api/bets/${encodeURIComponent(id)}/share`),
        malformedBody,
      ),
  },
  {
    routes: ["GET /api/bets/:id/cash-out", "POST /api/bets/:id/cash-out"],
    request: () =>
      fc
        .tuple(
          fc.oneof(fc.uuid(), unicodeText(200)),
          fc.constantFrom("GET", "POST", "PUT"),
          fc.oneof(bodyFor({ quoteId: fc.oneof(fc.uuid(), unicodeText(200)), fraction: fc.oneof(fc.double(), weird) }), malformedBody),
          idempotencyKey,
        )
        .map(([id, method, body, key]) => ({
          method,
          path: `/api/bets/${encodeURIComponent(id)}/cash-out`,
          body: method === "GET" ? undefined : body,
          headers: key === undefined ? [] : ([["Idempotency-Key", key]] as [string, string][]),
        })),
  },
  {
    routes: ["GET /api/follows/:handle", "PUT /api/follows/:handle", "DELETE /api/follows/:handle"],
    request: () =>
      fc
        .tuple(
          fc.oneof(unicodeText(30), fc.stringMatching(/^[a-z0-9_]{3,20}$/)),
          fc.constantFrom("GET", "PUT", "DELETE", "POST"),
          malformedBody,
        )
        .map(([h, method, body]) => ({ method, path: `/api/follows/${encodeURIComponent(h)}`, body })),
  },
  {
    routes: ["GET /api/events"],
    request: () =>
      get(
        "/api/events",
        queryFor({
          sport: sport(),
          markets: fc.constantFrom("h2h,spreads,totals", "h2h", ""),
          regions: fc.constantFrom("us,us2", "eu"),
          oddsFormat: fc.constantFrom("american", "decimal"),
        }),
      ),
  },
  {
    routes: ["GET /api/events/:eventId/props"],
    request: () =>
      get(
        fc
          .oneof(fc.stringMatching(/^sim-[a-z]{3}-\d{1,6}-\d$/), unicodeText(120))
          .map((id) => `/api/events/${encodeURIComponent(id)}/props`),
        queryFor({ sport: sport() }),
      ),
  },
  { routes: ["GET /api/sports"], request: () => get("/api/sports", queryFor({ sport: sport() })) },
  { routes: ["GET /api/pricing"], request: () => get("/api/pricing", queryFor({ sport: sport() })) },
  { routes: ["GET /api/admin/feed-status"], request: () => get("/api/admin/feed-status", queryFor({ sport: sport() })) },
  { routes: ["GET /api/dev/sim/clock"], request: () => get("/api/dev/sim/clock") },
  {
    routes: ["POST /api/dev/sim/advance"],
    request: () => post("/api/dev/sim/advance", bodyFor({ minutes: fc.oneof(fc.integer({ min: -10, max: 20_000 }), fc.double()) })),
  },
  {
    routes: ["POST /api/placeBet"],
    request: () =>
      fc
        .tuple(placeBetBody(), idempotencyKey, fc.oneof({ arbitrary: fc.constant("POST"), weight: 6 }, { arbitrary: methods, weight: 1 }))
        .map(([body, key, method]) => ({
          method,
          path: "/api/placeBet",
          body,
          headers: key === undefined ? [] : ([["Idempotency-Key", key]] as [string, string][]),
        })),
  },
  {
    routes: ["GET /api/bets"],
    request: () =>
      get(
        "/api/bets",
        queryFor({
          wallet: fc.constantFrom("coins", "cash", "gold"),
          status: fc.constantFrom("open", "settled", "void"),
          limit: fc.oneof(fc.integer({ min: -5, max: 500 }).map(String), fc.constantFrom("1e3", "NaN", "0x10", "")),
          cursor: fc.oneof(
            headerText(80),
            fc.jsonValue().map((v) => btoa(JSON.stringify(v))),
          ),
        }),
      ),
  },
  {
    routes: ["GET /api/live"],
    request: () =>
      fc
        .tuple(
          queryFor({ access_token: fc.oneof(fc.constantFrom(...tokens), headerText(60)) }),
          fc.constantFrom(undefined, "websocket", "WebSocket", "h2c"),
          fc.option(
            fc.oneof(
              fc.constantFrom(...tokens).map((t) => `vantage.live.v1, vantage.token.${t}`),
              fc.constantFrom("vantage.token.", "vantage.live.v1"),
              headerText(60),
            ),
          ),
        )
        .map(([q, upgrade, protocol]) => {
          const headers: [string, string][] = [];
          if (upgrade) headers.push(["Upgrade", upgrade]);
          if (protocol) headers.push(["Sec-WebSocket-Protocol", protocol]);
          return { method: "GET", path: `/api/live${q}`, headers };
        }),
  },
  {
    routes: ["POST /api/grantDailyBonus"],
    request: () => post("/api/grantDailyBonus", bodyFor({ day: fc.constantFrom("2099-01-01"), userId: fc.constant(bystander.userId) })),
  },
  {
    routes: ["GET /api/checkout/sessions/:sessionId"],
    request: () =>
      get(
        fc
          .oneof(unicodeText(30), fc.stringMatching(/^cs_[A-Za-z0-9_]{1,40}$/))
          .map((id) => `/api/checkout/sessions/${encodeURIComponent(id)}`),
      ),
  },
  {
    routes: ["POST /api/checkout/session"],
    request: () =>
      post(
        "/api/checkout/session",
        bodyFor({
          amountCents: fc.oneof(fc.constantFrom(...PACK_PRICES_CENTS), fc.constantFrom(500, 0, -499, 4.99, 1e12)),
          userId: fc.constant(bystander.userId),
        }),
      ),
  },
  {
    routes: ["POST /api/stripe/webhook"],
    request: () =>
      webhookRequest().map((w) => ({
        method: w.method,
        path: "/api/stripe/webhook",
        body: w.payload,
        headers: [["X-Webhook-Mode", `${w.mode}|${w.junk}`]] as [string, string][],
      })),
  },
  {
    routes: ["GET /api/connect/status"],
    request: () => get("/api/connect/status", queryFor({ accountId: fc.constantFrom(...accountIds) })),
  },
  {
    routes: ["POST /api/connect/create-or-link"],
    request: () => post("/api/connect/create-or-link", bodyFor({ accountId: fc.constantFrom(...accountIds), email: fc.emailAddress() })),
  },
  {
    routes: ["POST /api/connect/onboarding-link"],
    request: () => post("/api/connect/onboarding-link", bodyFor({ accountId: fc.constantFrom(...accountIds), returnUrl: fc.webUrl() })),
  },
  {
    routes: ["POST /api/withdrawals"],
    request: () =>
      fc
        .tuple(post("/api/withdrawals", bodyFor({ amount: fc.constantFrom(20, 0.5, 1, 19.99, 20.001, -20, 1e9, 1e21) })), idempotencyKey)
        .map(([r, key]) => ({ ...r, headers: key === undefined ? [] : ([["Idempotency-Key", key]] as [string, string][]) })),
  },
  { routes: ["GET /api/withdrawals"], request: () => get("/api/withdrawals", queryFor({ status: fc.constantFrom("paid", "failed") })) },
  // Identity before redemption: the state, a new session, the signed webhook and the simulator's page.
  { routes: ["GET /api/identity"], request: () => get("/api/identity", queryFor({ userId: fc.constant(bystander.userId) })) },
  {
    routes: ["POST /api/identity/session"],
    request: () => post("/api/identity/session", bodyFor({ userId: fc.constant(bystander.userId), returnUrl: fc.webUrl() })),
  },
  {
    routes: ["POST /api/stripe/connect-webhook"],
    request: () => post("/api/stripe/connect-webhook", bodyFor({ type: fc.constantFrom("payout.paid"), account: fc.string() })),
  },
  {
    routes: ["POST /api/identity/webhook"],
    request: () =>
      post("/api/identity/webhook", bodyFor({ type: fc.constantFrom("identity.verification_session.verified"), id: fc.string() })),
  },
  {
    routes: ["GET /api/identity/sim/:id", "POST /api/identity/sim/:id/complete"],
    request: () =>
      fc
        .tuple(
          idSegment(
            [],
            hex32.map((h) => `vs_sim_${h}`),
          ),
          fc.constantFrom("", "/complete"),
          methods,
          malformedBody,
        )
        .map(([id, action, method, body]) => ({
          method: action === "" ? (method === "POST" ? "GET" : method) : method === "GET" ? "POST" : method,
          path: `/api/identity/sim/${id}${action}`,
          body,
        })),
  },
  {
    routes: ["POST /api/admin/events/:eventId/result"],
    request: () =>
      post(
        eventId().map((id) => `/api/admin/events/${id}/result`),
        bodyFor({
          homeScore: fc.integer({ min: -1, max: 10_001 }),
          awayScore: fc.integer({ min: -1, max: 10_001 }),
          void: fc.constantFrom(true, false, "true"),
          correction: fc.constantFrom(true, false, "true"),
          reason: fc.oneof(unicodeText(600), fc.constantFrom("", "feed corrected")),
        }),
      ),
  },
  {
    routes: ["GET /api/admin/settlement/runs"],
    request: () =>
      get(
        "/api/admin/settlement/runs",
        queryFor({ limit: fc.oneof(fc.integer({ min: -5, max: 500 }).map(String), fc.constantFrom("1e3", "NaN", "")) }),
      ),
  },
  {
    routes: ["GET /api/admin/dead-letters"],
    request: () =>
      get(
        "/api/admin/dead-letters",
        queryFor({
          status: fc.constantFrom("open", "all", "replayed", ""),
          limit: fc.oneof(fc.integer({ min: -5, max: 500 }).map(String), fc.constantFrom("1e3", "NaN")),
        }),
      ),
  },
  {
    routes: ["GET /api/admin/approvals"],
    request: () =>
      get(
        "/api/admin/approvals",
        queryFor({
          status: fc.constantFrom("pending", "all", "approved", ""),
          limit: fc.oneof(fc.integer({ min: -5, max: 500 }).map(String), fc.constantFrom("1e3", "NaN")),
        }),
      ),
  },
  {
    routes: ["POST /api/admin/approvals/:id/approve", "POST /api/admin/approvals/:id/reject"],
    request: () =>
      post(
        fc
          .tuple(idSegment([], fc.uuid()), fc.constantFrom("approve", "reject", "withdraw"))
          .map(([id, action]) => `/api/admin/approvals/${id}/${action}`),
        bodyFor({ reason: fc.oneof(unicodeText(600), fc.constantFrom("", "  ", "checked")) }),
      ),
  },
  {
    routes: [
      "GET /api/public/sweepstakes-rules",
      "GET /api/public/winners",
      "GET /api/public/region-rules",
      "GET /api/public/redemption-times",
    ],
    request: () =>
      get(
        fc.constantFrom("/api/public/sweepstakes-rules", "/api/public/winners", "/api/public/region-rules", "/api/public/redemption-times"),
        queryFor({ limit: fc.constantFrom("-1", "1e9", "x") }),
      ),
  },
  {
    routes: ["GET /api/receipts/:id", "GET /api/receipts/days/:day"],
    request: () =>
      fc.oneof(
        get(
          idSegment(
            [],
            fc.uuid().map((id) => `bet-${id}`),
          ).map((id) => `/api/receipts/${id}`),
          queryFor({ x: unicodeText() }),
        ),
        get(
          idSegment(["2026-11-01"], fc.constantFrom("2026-02-30", "9999-99-99", "20261101")).map((day) => `/api/receipts/days/${day}`),
          queryFor({ x: unicodeText() }),
        ),
      ),
  },
  {
    routes: ["POST /api/me/rules-acceptance"],
    request: () =>
      post(
        "/api/me/rules-acceptance",
        bodyFor({ version: fc.oneof(fc.integer({ min: -3, max: 5 }), fc.constantFrom("1", 1.5, null, Number.POSITIVE_INFINITY)) }),
      ),
  },
  {
    routes: ["GET /api/free-entry/code", "POST /api/free-entry/code"],
    request: () =>
      fc.oneof(
        get("/api/free-entry/code", queryFor({ another: fc.constantFrom("1", "true") })),
        post("/api/free-entry/code", malformedBody),
      ),
  },
  {
    routes: ["POST /api/admin/free-entry"],
    request: () =>
      post(
        "/api/admin/free-entry",
        bodyFor({
          code: fc.oneof(unicodeText(60), fc.constantFrom("VX-ACDE-FGHJ", "vx acde fghj", "", "VX-0000-0000")),
          postmarkedOn: fc.oneof(unicodeText(20), fc.constantFrom("2026-11-25", "2026-02-30", "1900-01-01", "9999-12-31", "")),
        }),
      ),
  },
  {
    routes: ["POST /api/admin/dead-letters/:id/replay"],
    request: () =>
      post(
        idSegment([], fc.uuid()).map((id) => `/api/admin/dead-letters/${id}/replay`),
        bodyFor({ force: fc.constantFrom(true, "yes") }),
      ),
  },
  {
    routes: [
      "GET /api/payments/sim/checkout/:id",
      "POST /api/payments/sim/checkout/:id/pay",
      "POST /api/payments/sim/checkout/:id/cancel",
      "POST /api/payments/sim/checkout/:id/dispute",
      "POST /api/payments/sim/checkout/:id/dispute/:outcome{won|lost}",
      "POST /api/payments/sim/checkout/:id/refund/:share{half|full}",
      "POST /api/payments/sim/checkout/:id/fraud-warning/:kind{actionable|informational}",
    ],
    request: () =>
      fc
        .tuple(
          idSegment(
            checkoutIds,
            hex32.map((h) => `cs_sim_${h}`),
          ),
          fc.constantFrom(
            "",
            "/pay",
            "/cancel",
            "/refund",
            "/dispute",
            "/dispute/won",
            "/dispute/lost",
            "/dispute/maybe",
            "/refund/half",
            "/refund/full",
            "/refund/all",
            "/fraud-warning/actionable",
            "/fraud-warning/informational",
            "/fraud-warning/maybe",
          ),
          methods,
          malformedBody,
        )
        .map(([id, action, method, body]) => ({
          method: action === "" ? (method === "POST" ? "GET" : method) : method === "GET" ? "POST" : method,
          path: `/api/payments/sim/checkout/${id}${action}`,
          body,
        })),
  },
  {
    routes: ["GET /api/payments/sim/onboarding/:accountId", "POST /api/payments/sim/onboarding/:accountId/complete"],
    request: () =>
      fc
        .tuple(
          idSegment(
            accountIds,
            hex32.map((h) => `acct_sim_${h}`),
          ),
          fc.constantFrom("", "/complete"),
          methods,
          malformedBody,
        )
        .map(([id, action, method, body]) => ({
          method: action === "" ? (method === "POST" ? "GET" : method) : method === "GET" ? "POST" : method,
          path: `/api/payments/sim/onboarding/${id}${action}`,
          body,
        })),
  },
  {
    routes: ["PUT /api/admin/players/:userId/date-of-birth"],
    request: () =>
      post(
        idSegment([victim.userId, bystander.userId], fc.uuid()).map((id) => `/api/admin/players/${id}/date-of-birth`),
        bodyFor({ dateOfBirth: fc.constantFrom("1990-04-25", "2015-06-01", "1990-02-30", "") }),
        "PUT",
      ),
  },
  // The operator console. Freezes and adjustments aim at the bystander (or
  // nobody): the victim's balances and ledger must not move, and a freeze would make the
  // money routes above answer shallower refusals.
  {
    routes: ["GET /api/admin/players"],
    request: () =>
      get(
        "/api/admin/players",
        queryFor({ q: fc.oneof(unicodeText(40), fc.constantFrom("fuzz", "%", "_", "\\", "@", "fuzz-victim@example.com")) }),
      ),
  },
  {
    routes: ["GET /api/admin/players/:uid"],
    request: () =>
      idSegment([victim.userId, bystander.userId], fc.uuid()).map((id) => ({ method: "GET", path: `/api/admin/players/${id}` })),
  },
  {
    // Asking to unfreeze only asks: once the bystander is frozen it reaches the approvals
    // (a request, never applied here), before that it is 409 not-frozen.
    routes: ["POST /api/admin/players/:uid/freeze", "POST /api/admin/players/:uid/unfreeze"],
    request: () =>
      post(
        fc
          .tuple(idSegment([bystander.userId], fc.uuid()), fc.constantFrom("freeze", "unfreeze", "thaw"))
          .map(([id, action]) => `/api/admin/players/${id}/${action}`),
        bodyFor({ reason: fc.oneof(unicodeText(600), fc.constantFrom("", "  ", "suspected fraud")) }),
      ),
  },
  {
    routes: ["GET /api/admin/region-rules", "POST /api/admin/region-rules"],
    request: () =>
      fc.oneof(
        get("/api/admin/region-rules", queryFor({ region: fc.constantFrom("US-CA", "", "x") })),
        post(
          fc.constant("/api/admin/region-rules"),
          bodyFor({
            entry: fc.record({
              region: fc.oneof(fc.constantFrom("US-ZZ", "FR", "California", ""), unicodeText(10)),
              mode: fc.constantFrom("coins-only", "redeem-only", "blocked", "full", "nope"),
              from: fc.constantFrom("2031-02-01", "2026-02-30", "yesterday", ""),
              covers: fc.constantFrom("sweepstakes-sports", "casino-only", "all"),
              source: fc.record({
                title: fc.oneof(unicodeText(250), fc.constant("Act")),
                url: fc.constantFrom("https://x.org", "ftp://x", ""),
              }),
            }),
            reason: fc.oneof(unicodeText(600), fc.constantFrom("", "new law")),
          }),
        ),
      ),
  },
  {
    routes: ["GET /api/admin/prop-players", "PUT /api/admin/prop-players", "DELETE /api/admin/prop-players"],
    request: () => {
      const name = fc.oneof(unicodeText(200), fc.constantFrom("J. Isaac", "...", "", " "));
      const query = queryFor({ sport: sport(), feedName: name, reason: unicodeText(600) });
      return fc.oneof(
        get("/api/admin/prop-players", query),
        post(
          fc.constant("/api/admin/prop-players"),
          bodyFor({
            sport: sport(),
            feedName: name,
            playerId: fc.oneof(fc.constantFrom("jonathan-isaac", "Jonathan Isaac", "", "a--b"), unicodeText(200)),
            displayName: name,
            reason: fc.oneof(unicodeText(600), fc.constant("initial only")),
          }),
          "PUT",
        ),
        post(
          query.map((q) => `/api/admin/prop-players${q}`),
          fc.option(malformedBody, { nil: undefined }),
          "DELETE",
        ),
      );
    },
  },
  {
    routes: ["GET /api/admin/prop-stats", "POST /api/admin/events/:eventId/stats"],
    request: () =>
      fc.oneof(
        get("/api/admin/prop-stats", queryFor({ limit: fc.constantFrom("1", "x") })),
        post(
          eventId().map((id) => `/api/admin/events/${id}/stats`),
          bodyFor({
            players: fc.array(
              fc.record({
                playerId: fc.oneof(fc.constantFrom("paolo-banchero", ""), unicodeText(200)),
                name: fc.oneof(fc.constant("Paolo Banchero"), unicodeText(200)),
                team: fc.constantFrom("home", "away", "guests"),
                played: fc.constantFrom(true, false, "yes"),
                stats: fc.dictionary(
                  fc.constantFrom("points", "started", "dunks", "__proto__"),
                  fc.oneof(fc.integer({ min: -5, max: 50 }), fc.constantFrom(0.5, 1e21, "3")),
                ),
              }),
              { maxLength: 3 },
            ),
            reason: fc.oneof(unicodeText(600), fc.constantFrom("", "box score")),
          }),
        ),
      ),
  },
  {
    routes: ["POST /api/admin/players/:uid/operator-account"],
    request: () =>
      post(
        idSegment([bystander.userId], fc.uuid()).map((id) => `/api/admin/players/${id}/operator-account`),
        bodyFor({
          operatorEmail: fc.oneof(fc.constantFrom("ops@vantage.test", "someone@example.com", "", "ops@"), unicodeText(300)),
          reason: fc.oneof(unicodeText(600), fc.constantFrom("", "  ", "their personal account")),
        }),
      ),
  },
  {
    routes: ["POST /api/admin/players/:uid/fraud-warnings/:warningId/clear"],
    request: () =>
      post(
        fc
          .tuple(idSegment([bystander.userId], fc.uuid()), idSegment(["issfr_fuzz"], fc.uuid()))
          .map(([id, warningId]) => `/api/admin/players/${id}/fraud-warnings/${warningId}/clear`),
        bodyFor({ reason: fc.oneof(unicodeText(600), fc.constantFrom("", "  ", "card holder confirmed")) }),
      ),
  },
  {
    // Asking to reset only asks: the bystander's verified check reaches the approvals (one
    // request, answered again while it waits, never applied here: no second operator signs in).
    routes: ["POST /api/admin/players/:uid/identity/reset"],
    request: () =>
      post(
        idSegment([bystander.userId], fc.uuid()).map((id) => `/api/admin/players/${id}/identity/reset`),
        bodyFor({ reason: fc.oneof(unicodeText(600), fc.constantFrom("", "  ", "wrong document")) }),
      ),
  },
  {
    routes: ["POST /api/admin/players/:uid/payout-identities/release"],
    request: () =>
      post(
        idSegment([bystander.userId], fc.uuid()).map((id) => `/api/admin/players/${id}/payout-identities/release`),
        bodyFor({
          fingerprint: fc.oneof(unicodeText(300), fc.constantFrom("", "fp_sim_nothing")),
          reason: fc.oneof(unicodeText(600), fc.constantFrom("", "  ", "shared account")),
        }),
      ),
  },
  {
    routes: ["POST /api/admin/players/:uid/adjustments"],
    request: () =>
      post(
        idSegment([bystander.userId], fc.uuid()).map((id) => `/api/admin/players/${id}/adjustments`),
        bodyFor({
          wallet: fc.constantFrom("coins", "cash", "gold"),
          amount: fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.constantFrom(0, 0.5, 1e21, -1e21, "10")),
          reason: fc.oneof(unicodeText(600), fc.constantFrom("", "goodwill")),
          idempotencyKey: fc.oneof(fc.uuid(), unicodeText(200)),
        }),
      ),
  },
  {
    routes: ["POST /api/admin/players/:uid/ledger-check"],
    request: () =>
      post(
        idSegment([victim.userId, bystander.userId], fc.uuid()).map((id) => `/api/admin/players/${id}/ledger-check`),
        malformedBody,
      ),
  },
  {
    routes: ["GET /api/admin/ledger-audit"],
    request: () =>
      get(
        "/api/admin/ledger-audit",
        queryFor({ after: unicodeText(20), limit: fc.constantFrom("1", "2", "0", "101", "x"), sample: fc.constantFrom("0", "1", "2") }),
      ),
  },
  { routes: ["GET /api/admin/feed"], request: () => get("/api/admin/feed", queryFor({ sport: sport() })) },
  { routes: ["GET /api/admin/health"], request: () => get("/api/admin/health", queryFor({ sport: sport() })) },
  {
    routes: ["GET /api/admin/house/liability", "GET /api/admin/house/hold"],
    request: () =>
      get(
        fc.constantFrom("/api/admin/house/liability", "/api/admin/house/hold"),
        queryFor({
          days: fc.constantFrom("1", "366", "0", "367", "-1", "x"),
          format: fc.constantFrom("json", "csv", "xml"),
          x: unicodeText(),
        }),
      ),
  },
  {
    routes: ["GET /api/admin/risk"],
    request: () => get("/api/admin/risk", queryFor({ format: fc.constantFrom("json", "csv", "xml"), x: unicodeText() })),
  },
  {
    routes: ["GET /api/admin/risk/:sport/:eventId"],
    request: () =>
      get(
        fc
          .tuple(fc.constantFrom("basketball_nba", "soccer_usa_mls", "cricket"), fc.constantFrom("evt-1", "x".repeat(129), "%00"))
          .map(([sport, eventId]) => `/api/admin/risk/${sport}/${eventId}`),
      ),
  },
  {
    routes: ["POST /api/admin/risk/:sport/:eventId/suspend"],
    request: () =>
      post(
        "/api/admin/risk/basketball_nba/evt-fuzz/suspend",
        fc.oneof(
          malformedBody,
          bodyFor({
            market: fc.constantFrom("Moneyline", "", "x".repeat(201)),
            suspended: fc.constantFrom(true, false, "yes"),
            reason: unicodeText(600),
            game: fc.constantFrom({ home: "A", away: "B", startTime: "2026-01-01T00:00:00Z" }, null, "x"),
          }),
        ),
      ),
  },
  {
    routes: ["GET /api/admin/reconciliation"],
    request: () =>
      get(
        "/api/admin/reconciliation",
        queryFor({
          day: fc.constantFrom("2026-01-05", "2026-13-40", "x", ""),
          view: fc.constantFrom("packs", "payouts", "reversals", "other"),
          format: fc.constantFrom("json", "csv", "xml"),
          x: unicodeText(),
        }),
      ),
  },
  {
    routes: ["POST /api/admin/reconciliation/run"],
    request: () =>
      post(
        "/api/admin/reconciliation/run",
        fc.oneof(malformedBody, bodyFor({ day: fc.constantFrom("2026-01-05", "2026-02-30", "9999-12-31", "x"), reason: unicodeText(600) })),
      ),
  },
  { routes: ["GET /api/admin/settlement"], request: () => get("/api/admin/settlement", queryFor({ limit: fc.constantFrom("1", "x") })) },
  {
    routes: ["GET /api/admin/audit"],
    request: () =>
      get(
        "/api/admin/audit",
        queryFor({
          limit: fc.constantFrom("1", "500", "501", "-1", "x"),
          target: unicodeText(130),
          before: fc.constantFrom("1", "0", "x"),
        }),
      ),
  },
  {
    routes: ["GET /api/me/export"],
    request: () =>
      get(
        "/api/me/export",
        queryFor({
          format: fc.oneof(fc.constantFrom("csv", "json", "pdf"), unicodeText(8)),
          year: fc.oneof(fc.constantFrom("2026", "1999", "x"), unicodeText(6)),
        }),
      ),
  },
  {
    routes: ["GET /api/cards/picks/:shareId/:file"],
    request: () =>
      get(
        fc
          .tuple(
            fc.oneof(unicodeText(30), fc.stringMatching(/^[A-Za-z0-9_-]{22}$/)),
            fc.oneof(fc.constantFrom("open.png", "won.png", "x.png"), unicodeText(12)),
          )
          .map(([id, file]) => `/api/cards/picks/${encodeURIComponent(id)}/${encodeURIComponent(file)}`),
      ),
  },
  {
    routes: ["GET /api/cards/profiles/:handle/:file"],
    request: () =>
      get(
        fc
          .tuple(
            fc.oneof(unicodeText(30), fc.constantFrom("nobody-here", "a")),
            fc.oneof(fc.constantFrom("0000abcd.png", "latest.png", "x.png"), fc.stringMatching(/^[0-9a-f]{8}\.png$/), unicodeText(12)),
          )
          .map(([handle, file]) => `/api/cards/profiles/${encodeURIComponent(handle)}/${encodeURIComponent(file)}`),
      ),
  },
  { routes: ["GET /api/push/config"], request: () => get("/api/push/config") },
  {
    routes: ["POST /api/push/subscriptions", "DELETE /api/push/subscriptions"],
    request: () =>
      fc
        .tuple(
          fc.constantFrom("POST", "DELETE"),
          fc.oneof(
            malformedBody,
            bodyFor({
              endpoint: fc.oneof(
                fc.constantFrom("https://fcm.googleapis.com/fcm/send/x", "https://evil.example/x", "http://localhost/api/dev/push/inbox/x"),
                unicodeText(60),
              ),
              keys: fc.record({ p256dh: unicodeText(90), auth: unicodeText(24) }),
            }),
          ),
        )
        .map(([method, body]) => ({ method, path: "/api/push/subscriptions", body })),
  },
  {
    routes: ["GET /api/push/preferences", "PUT /api/push/preferences"],
    request: () =>
      fc
        .tuple(
          fc.constantFrom("GET", "PUT"),
          fc.oneof(
            malformedBody,
            bodyFor({
              kind: fc.oneof(fc.constantFrom("bet-settled", "marketing"), unicodeText(20)),
              enabled: fc.oneof(fc.boolean(), unicodeText(5)),
            }),
          ),
        )
        .map(([method, body]) => ({ method, path: "/api/push/preferences", body: method === "GET" ? undefined : body })),
  },
  { routes: ["POST /api/dev/push/endpoints"], request: () => post("/api/dev/push/endpoints", malformedBody) },
  {
    routes: ["POST /api/dev/push/inbox/:id", "GET /api/dev/push/inbox/:id"],
    request: () =>
      fc
        .tuple(
          fc.constantFrom("POST", "GET"),
          unicodeText(24),
          fc.boolean(),
          malformedBody,
          queryFor({ after: fc.oneof(fc.constantFrom("0", "-1", "x"), unicodeText(5)) }),
        )
        .map(([method, id, encoded, body, query]) => ({
          method,
          path: `/api/dev/push/inbox/${encodeURIComponent(id)}${method === "GET" ? query : ""}`,
          body: method === "POST" ? body : undefined,
          headers: encoded
            ? ([
                ["Content-Encoding", "aes128gcm"],
                ["Authorization", "vapid t=x, k=y"],
              ] as [string, string][])
            : [],
        })),
  },
  // Last, so a break or a low limit the victim may take does not make the money routes above answer shallower refusals.
  {
    routes: ["POST /api/me/break"],
    request: () =>
      post(
        "/api/me/break",
        bodyFor({ period: fc.constantFrom("24h", "7d", "30d", "permanent", "1h", "", "PERMANENT"), until: fc.constant(0) }),
      ),
  },
  {
    routes: ["PUT /api/me/limits"],
    request: () => {
      const limit = fc.oneof(
        fc.integer({ min: -5, max: 1_000_000 }),
        fc.constant(null),
        fc.double(),
        fc.constantFrom(0.5, 12.345, 1e21, "10"),
      );
      return post(
        "/api/me/limits",
        bodyFor({
          dailyStakeCoins: limit,
          dailyStakeCash: limit,
          dailyPurchaseDollars: limit,
          weeklyPurchaseDollars: limit,
          monthlyPurchaseDollars: limit,
          weekly: limit,
        }),
        "PUT",
      );
    },
  },
  // Responsible play's routes, last too: a loss, time or reality-check limit, or "take-break", would refuse the money routes above early.
  { routes: ["GET /api/play"], request: () => get("/api/play", queryFor({ x: unicodeText(20) })) },
  { routes: ["POST /api/play/heartbeat"], request: () => post("/api/play/heartbeat", malformedBody) },
  { routes: ["GET /api/play/statement"], request: () => get("/api/play/statement", queryFor({ month: unicodeText(10) })) },
  {
    routes: ["POST /api/play/nudges/seen"],
    request: () =>
      post("/api/play/nudges/seen", bodyFor({ ids: fc.oneof(fc.array(unicodeText(250), { maxLength: 25 }), fc.constant("x")) })),
  },
  {
    routes: ["POST /api/play/reality-check"],
    request: () =>
      post("/api/play/reality-check", bodyFor({ answer: fc.constantFrom("keep-playing", "take-break", "set-limit", "later", "", 1) })),
  },
  {
    routes: ["PUT /api/play/limits"],
    request: () => {
      const limit = fc.oneof(
        fc.integer({ min: -5, max: 1_000_000 }),
        fc.constant(null),
        fc.double(),
        fc.constantFrom(0.5, 12.345, 1e21, "10"),
      );
      return post(
        "/api/play/limits",
        bodyFor({
          dailyLossCoins: limit,
          weeklyLossCash: limit,
          dailyPlayMinutes: fc.oneof(limit, fc.constantFrom(1, 1440, 1441)),
          realityCheckMinutes: fc.oneof(limit, fc.constantFrom(30, 60, 90, 45)),
          daily: limit,
        }),
        "PUT",
      );
    },
  },
  {
    routes: ["GET /api/admin/players/:uid/play"],
    request: () => get(idSegment([victim.userId, bystander.userId], fc.uuid()).map((id) => `/api/admin/players/${id}/play`)),
  },
  {
    routes: ["POST /api/admin/players/:uid/harm-flags"],
    request: () =>
      post(
        idSegment([victim.userId, bystander.userId], fc.uuid()).map((id) => `/api/admin/players/${id}/harm-flags`),
        bodyFor({
          flag: fc.constantFrom("raises", "chasing", "nights", "other", ""),
          action: fc.constantFrom("note", "contacted", "break-7d", "freeze"),
          note: unicodeText(1100),
        }),
      ),
  },
];

// ---- sending and judging ----

async function send(req: FuzzRequest): Promise<Response> {
  const headers = new Headers();
  for (const [name, value] of req.headers) headers.append(name, value);
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  headers.set("CF-Connecting-IP", `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`);
  const withBody = req.body !== undefined && req.method !== "GET" && req.method !== "HEAD";
  // The Worker's fetch handler is called directly: the `exports` loopback's per-call cost
  // grows with the number of calls in a file and would dominate the run.
  const request = new Request(`${BASE}${req.path}`, { method: req.method, headers, body: withBody ? req.body : undefined });
  const ctx = createExecutionContext();
  const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The only pages that answer HTML (GET, or HEAD): the dev account chooser and the simulated provider's pages. */
const HTML_PAGES = [/^\/api\/auth\/dev\/authorize$/, /^\/api\/payments\/sim\/(checkout|onboarding)\/[^/]+$/];
/** Answers that are files rather than JSON: the data export's CSV, the console's CSV downloads and a shared pick's card. */
const FILE_ANSWERS: [RegExp, RegExp][] = [
  [/^\/api\/me\/export$/, /^text\/csv/],
  [/^\/api\/admin\/(risk|house\/(liability|hold)|reconciliation)$/, /^text\/csv/],
  [/^\/api\/cards\/picks\/[^/]+\/[^/]+$/, /^image\/png$/],
];
/** The only answers that redirect: the sign-in flow, the simulated provider's forms, a card URL naming a stale state. */
const REDIRECTS: [RegExp, string[]][] = [
  [/^\/api\/cards\/picks\/[^/]+\/[^/]+$/, ["GET"]],
  // Another spelling of a well-formed handle, or a query string: the canonical profile path.
  [/^\/api\/public\/profiles\/[^/]+$/, ["GET"]],
  [/^\/api\/auth\/google\/(start|callback)$/, ["GET", "HEAD"]],
  [/^\/api\/auth\/dev\/authorize$/, ["POST"]],
  [
    /^\/api\/payments\/sim\/checkout\/[^/]+\/(pay|cancel|dispute|dispute\/(won|lost)|refund\/(half|full)|fraud-warning\/(actionable|informational))$/,
    ["POST"],
  ],
  [/^\/api\/payments\/sim\/onboarding\/[^/]+\/complete$/, ["POST"]],
];

function describeRequest(req: FuzzRequest): string {
  const body =
    req.body === undefined
      ? ""
      : ` body=${JSON.stringify(req.body.length > 300 ? `${req.body.slice(0, 300)}…(${req.body.length})` : req.body)}`;
  return `${req.method} ${req.path.slice(0, 300)} headers=${JSON.stringify(req.headers.map(([k, v]) => [k, v.slice(0, 80)]))}${body}`;
}

/** What a client sees must be one of: JSON success, the error shape, a known page, a known redirect, a socket. */
/** Status codes seen per endpoint: printed with a failure, to show how deep the fuzz reached. */
const seen = new Map<string, Map<number, number>>();

async function judge(req: FuzzRequest, res: Response): Promise<void> {
  const what = `${res.status} for ${describeRequest(req)}`;
  const path = new URL(req.path, BASE).pathname;
  expect(res.status, what).toBeLessThan(500);
  if (res.status === 101) {
    // Only a valid token opens the live socket.
    expect(
      req.headers.some(([, v]) => v.includes(victim.token) || v.includes(admin.token)),
      what,
    ).toBe(true);
    res.webSocket?.accept();
    res.webSocket?.close(1000, "fuzz");
    return;
  }
  if (res.status >= 300 && res.status < 400) {
    expect(
      REDIRECTS.some(([r, methods]) => r.test(path) && methods.includes(req.method)),
      what,
    ).toBe(true);
    expect(res.headers.get("Location"), what).toBeTruthy();
    await res.body?.cancel();
    return;
  }
  const type = res.headers.get("Content-Type") ?? "";
  if (req.method === "HEAD") {
    await res.body?.cancel();
    return;
  }
  if (type.startsWith("text/html")) {
    expect(HTML_PAGES.some((r) => r.test(path)) && req.method === "GET", what).toBe(true);
    expect(res.status, what).toBe(200);
    expect(await res.text(), what).toMatch(/^<!doctype html>/i);
    return;
  }
  if (res.status === 200 && FILE_ANSWERS.some(([r, t]) => r.test(path) && t.test(type))) {
    await res.body?.cancel();
    return;
  }
  expect(type, what).toMatch(/^application\/json/);
  const body = (await res.json()) as unknown;
  if (res.status >= 200 && res.status < 300) return;
  expect(body, what).toBeTypeOf("object");
  expect(Object.keys(body as object), what).toEqual(["error"]);
  const error = (body as { error: Record<string, unknown> }).error;
  expect(
    Object.keys(error)
      .filter((k) => k !== "details")
      .sort(),
    what,
  ).toEqual(["code", "message"]);
  expect(error.code, what).toMatch(/^[a-z][a-z0-9-_]*$/);
  expect(typeof error.message === "string" && error.message.length > 0, what).toBe(true);
}

async function victimState() {
  const me = (await (await api("/api/me", { token: victim.token })).json()) as { coinBalance: number; vantageCash: number };
  const wallet = getUserWallet(env, victim.userId);
  const ledger = await wallet.getLedger(victim.userId, Date.now(), 10_000);
  const audit = await wallet.auditLedger(victim.userId, Date.now());
  const bets = await wallet.listBets(victim.userId, { limit: 100 }, Date.now());
  return { coins: me.coinBalance, cash: me.vantageCash, ledger, audit: { coins: audit.coins, cash: audit.cash }, bets: bets.bets.length };
}

let before: Awaited<ReturnType<typeof victimState>>;

/** What a failed run prints (a passing run prints nothing): the seed to replay and how deep the fuzz reached. */
function failureReport(): string {
  const statuses = [...seen].map(
    ([name, counts]) =>
      `  ${name}: ${[...counts]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")}`,
  );
  return [`abuse-fuzz seed: ${SEED} (replay with FUZZ_SEED=${SEED})`, "abuse-fuzz statuses so far:", ...statuses].join("\n");
}

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => console.log(failureReport()));
});

beforeAll(async () => {
  victim = await signIn("fuzz-victim@example.com", "Victim");
  admin = await signIn(ADMIN_EMAIL, "Operator");
  bystander = await signIn("fuzz-bystander@example.com", "Bystander");
  // An open early fraud warning of the bystander's, so asking to clear it reaches the wallet and the approvals.
  const warned = await getUserWallet(env, bystander.userId).recordFraudWarning(
    bystander.userId,
    { warningId: "issfr_fuzz", paymentIntent: "pi_fuzz", chargeId: null, actionable: false, fraudType: "made_with_stolen_card" },
    Date.now(),
  );
  expect(warned.ok).toBe(true);
  // Today's bonus is already taken, so a stray empty-body claim must change nothing.
  const claim = await postJson("/api/grantDailyBonus", {}, victim.token);
  expect(((await claim.json()) as { alreadyClaimed: boolean }).alreadyClaimed).toBe(false);
  tokens = await hostileTokens();
  events = await openEvents(3);
  picks = events.flatMap((e) =>
    [
      ["Moneyline", "Home"],
      ["Spread", "Away"],
      ["Total", "Over"],
    ].map(([m, s]) => pickOf(e, m as PlaceBetPick["market"], s as PlaceBetPick["side"])),
  );
  // Real ids for the simulated provider's pages (they belong to the bystander, not the victim).
  checkoutIds = [];
  for (const amountCents of [499, 999]) {
    const res = await postJson("/api/checkout/session", { amountCents }, bystander.token);
    checkoutIds.push(new URL(((await res.json()) as { url: string }).url).pathname.split("/").pop()!);
  }
  const link = await postJson("/api/connect/onboarding-link", {}, bystander.token);
  accountIds = [new URL(((await link.json()) as { url: string }).url).pathname.split("/").pop()!];
  const start = await api("/api/auth/google/start?from=/picks", { redirect: "manual" });
  authorizeParams = Object.fromEntries(new URL(start.headers.get("Location")!, BASE).searchParams);
  flowCookie = /__Host-vantage_signin=([^;]+)/.exec(start.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
  before = await victimState();
  expect(before.coins).toBe(6_000);
});

const nameOf = (e: Endpoint) => e.routes.join(" + ") || "unknown /api routes";

describe("abuse: random and malformed requests to every endpoint", () => {
  it("has a generator for every route the Worker mounts", () => {
    const mounted = new Set(
      createApp()
        .routes.filter((r) => r.method !== "ALL")
        .map((r) => `${r.method} ${r.path}`),
    );
    const fuzzed = new Set(ENDPOINTS.flatMap((e) => e.routes));
    expect([...mounted].filter((r) => !fuzzed.has(r))).toEqual([]);
    expect([...fuzzed].filter((r) => !mounted.has(r))).toEqual([]);
  });

  it.each(ENDPOINTS.map((e, i) => [nameOf(e), i] as const))("%s: never a 5xx, errors in the one JSON shape", async (_name, i) => {
    const endpoint = ENDPOINTS[i]!;
    const seed = SEED + i;
    const request = fc.tuple(endpoint.request(), authHeader(), contentType, extraHeaders).map(([r, auth, type, extra]) => {
      const headers: [string, string][] = [...(r.headers ?? []), ...extra];
      if (auth !== undefined) headers.push(["Authorization", auth]);
      if (type !== undefined && !headers.some(([k]) => k === "Content-Type")) headers.push(["Content-Type", type]);
      return { method: r.method, path: r.path, headers, body: r.body } satisfies FuzzRequest;
    });
    await fc.assert(
      fc.asyncProperty(request, async (req) => {
        const mode = req.headers.find(([k]) => k === "X-Webhook-Mode")?.[1];
        let sent = req;
        if (mode !== undefined) {
          const [how, junk] = mode.split("|") as [string, string];
          const signature = await webhookSignature(req.body ?? "", how, junk);
          sent = {
            ...req,
            headers: [
              ...req.headers.filter(([k]) => k !== "X-Webhook-Mode"),
              ...(signature ? ([["Stripe-Signature", signature]] as [string, string][]) : []),
            ],
          };
        }
        const res = await send(sent);
        const counts = seen.get(nameOf(endpoint)) ?? new Map<number, number>();
        counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
        seen.set(nameOf(endpoint), counts);
        await judge(sent, res);
      }),
      { numRuns: RUNS, seed },
    );
  });

  it("left the victim's balances, ledger and bets exactly as they were", async () => {
    const after = await victimState();
    expect(after).toEqual(before);
    expect(after.audit.coins).toEqual({ balance: 6_000, ledgerSum: 6_000 });
    expect(after.audit.cash).toEqual({ balance: 100, ledgerSum: 100 });
  });
});
