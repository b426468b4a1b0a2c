// Every kind of bad token is a 401 JSON error: ID tokens at POST /api/auth/session and
// access tokens on a signed-in route (GET /api/me).
import { env } from "cloudflare:workers";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { mintDevIdToken } from "../../worker/auth/dev-identity-provider";
import { DEV_AUDIENCE } from "../../worker/auth/identity-config";
import { verifyAccessToken } from "../../worker/auth/access-tokens";
import { sessionSigningKey } from "../../worker/config";
import { api, BASE, mintIdToken, postJson, sessionIdOf, signIn } from "./helpers";

const ISSUER = `${BASE}/api/auth/dev`;

function b64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unsigned(claims: Record<string, unknown>): string {
  return `${b64url({ alg: "none", typ: "JWT" })}.${b64url(claims)}.`;
}

async function sessionWith(idToken: string) {
  const res = await postJson("/api/auth/session", { idToken });
  return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } }, res };
}

function kidOf(token: string): string {
  const header = JSON.parse(atob(token.split(".")[0]!.replace(/-/g, "+").replace(/_/g, "/"))) as { kid: string };
  return header.kid;
}

describe("ID tokens at POST /api/auth/session", () => {
  it("accepts a genuine development ID token", async () => {
    const { status } = await sessionWith(await mintIdToken("genuine@example.com"));
    expect(status).toBe(200);
  });

  it("refuses a missing token with 400 and a garbage token with 401", async () => {
    expect((await postJson("/api/auth/session", {})).status).toBe(400);
    const garbage = await sessionWith("not-a-token");
    expect(garbage.status).toBe(401);
    expect(garbage.body.error?.code).toBe("unauthenticated");
  });

  it("refuses a token forged with another key under the provider's key id", async () => {
    const genuine = await mintIdToken("victim@example.com");
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({ email: "victim@example.com", email_verified: true })
      .setProtectedHeader({ alg: "RS256", kid: kidOf(genuine) })
      .setIssuer(ISSUER)
      .setAudience(DEV_AUDIENCE)
      .setSubject("dev-victim")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    const result = await sessionWith(forged);
    expect(result.status).toBe(401);
    expect(result.body.error?.message).toContain("(signature)");
  });

  it("refuses an expired token, a wrong audience and a wrong issuer", async () => {
    const now = Date.now();
    const expired = await mintDevIdToken({ issuer: ISSUER, audience: DEV_AUDIENCE, email: "late@example.com", now: now - 2 * 3600_000 });
    const wrongAudience = await mintDevIdToken({ issuer: ISSUER, audience: "someone-else", email: "aud@example.com", now });
    const wrongIssuer = await mintDevIdToken({ issuer: "https://evil.example", audience: DEV_AUDIENCE, email: "iss@example.com", now });
    // Control: the same key and claims with the right values are accepted, so the
    // refusals below are about the claim under test and nothing else.
    const control = await mintDevIdToken({ issuer: ISSUER, audience: DEV_AUDIENCE, email: "ok@example.com", now });
    expect((await sessionWith(control)).status).toBe(200);

    const e = await sessionWith(expired);
    expect(e.status).toBe(401);
    expect(e.body.error?.message).toContain("(expired)");
    for (const token of [wrongAudience, wrongIssuer]) {
      const r = await sessionWith(token);
      expect(r.status).toBe(401);
      expect(r.body.error?.message).toContain("(claims)");
    }
  });

  it("refuses an unsigned alg:none token and an HS256 token", async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: ISSUER, aud: DEV_AUDIENCE, sub: "dev-x", email: "none@example.com", iat: now, exp: now + 600 };
    expect((await sessionWith(unsigned(claims))).status).toBe(401);
    const hs = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("guess"));
    expect((await sessionWith(hs)).status).toBe(401);
  });

  it("refuses a token signed by a key the provider never published", async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = await exportJWK(publicKey);
    const token = await new SignJWT({ email: "x@example.com" })
      .setProtectedHeader({ alg: "RS256", kid: "unknown-kid", jwk: { ...jwk } })
      .setIssuer(ISSUER)
      .setAudience(DEV_AUDIENCE)
      .setSubject("dev-x")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    expect((await sessionWith(token)).status).toBe(401);
  });
});

describe("access tokens on signed-in routes", () => {
  const key = () => new TextEncoder().encode(sessionSigningKey(env)!);

  async function meWith(token: string | null) {
    const res = await api("/api/me", token ? { headers: { Authorization: `Bearer ${token}` } } : {});
    expect(res.headers.get("Content-Type")).toContain("application/json");
    return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
  }

  function accessToken(
    userId: string,
    sid: string | undefined,
    overrides: { iss?: string; aud?: string; exp?: number; key?: Uint8Array } = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(sid === undefined ? { email: "p@example.com" } : { email: "p@example.com", sid })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setIssuer(overrides.iss ?? "vantage")
      .setAudience(overrides.aud ?? "vantage-api")
      .setSubject(userId)
      .setIssuedAt(now - 1000)
      .setExpirationTime(overrides.exp ?? now + 600)
      .sign(overrides.key ?? key());
  }

  it("accepts the server's own token and a hand-signed control token", async () => {
    const player = await signIn();
    expect((await meWith(player.token)).status).toBe(200);
    expect((await meWith(await accessToken(player.userId, sessionIdOf(player.token)))).status).toBe(200);
  });

  it("refuses missing, malformed, forged, expired, wrong-audience, wrong-issuer and alg:none tokens", async () => {
    const player = await signIn();
    const sid = sessionIdOf(player.token);
    const now = Math.floor(Date.now() / 1000);
    const cases: Record<string, string | null> = {
      missing: null,
      malformed: "abc.def",
      forged: await accessToken(player.userId, sid, { key: new TextEncoder().encode("not-the-server-key-not-the-server-key") }),
      expired: await accessToken(player.userId, sid, { exp: now - 5 }),
      wrongAudience: await accessToken(player.userId, sid, { aud: "other-api" }),
      wrongIssuer: await accessToken(player.userId, sid, { iss: "someone-else" }),
      noSignIn: await accessToken(player.userId, undefined),
      unknownSignIn: await accessToken(player.userId, crypto.randomUUID()),
      algNone: unsigned({ iss: "vantage", aud: "vantage-api", sub: player.userId, email: player.email, iat: now, exp: now + 600 }),
    };
    for (const [kind, token] of Object.entries(cases)) {
      const result = await meWith(token);
      expect({ kind, status: result.status, code: result.body.error?.code }).toEqual({ kind, status: 401, code: "unauthenticated" });
    }
  });

  it("refuses a token it accepted once it has expired, and under another signing key", async () => {
    const player = await signIn();
    const verified = await verifyAccessToken(env, player.token, Date.now());
    expect(verified?.id).toBe(player.userId);
    // The same string again, after its expiry: refused, though it was accepted a moment ago.
    expect(await verifyAccessToken(env, player.token, verified!.expiresAt)).toBeNull();
    expect((await verifyAccessToken(env, player.token, Date.now()))?.id).toBe(player.userId);
    // A configuration with another key accepts nothing the first one signed.
    const rotated = { ...env, SESSION_SIGNING_KEY: "another-signing-key-another-signing-key-0123" };
    expect(await verifyAccessToken(rotated, player.token, Date.now())).toBeNull();
  });
});
