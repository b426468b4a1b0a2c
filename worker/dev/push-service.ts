// The embedded push service: what a browser's push service (FCM, Mozilla's, Apple's) and
// the browser itself do for Web Push, standing in offline in development and tests, so
// `npm run dev` runs the whole path. It issues subscriptions exactly as
// PushSubscription.toJSON() gives them (an endpoint plus the P-256 public key and auth
// secret messages are encrypted to), receives what the Worker sends to that endpoint
// (the same VAPID-signed, RFC 8291 aes128gcm request a real service receives), decrypts
// it with the subscription's private key, and keeps it for the SPA, which shows it as an
// in-app notification.
//   POST /api/dev/push/endpoints            a new subscription (the SPA's "subscribe")
//   POST /api/dev/push/inbox/:id            the push endpoint (the Worker's deliveries)
//   GET  /api/dev/push/inbox/:id?after=seq  the messages received, decrypted
// Endpoints are https URLs on the request's own host: the Worker hands deliveries to
// `receiveEmbeddedPush` in process (worker/push/push-transport.ts), never over a network.
// Outside development with the embedded push service these routes do not exist (404).
import { Hono } from "hono";
import { z } from "zod";
import { pushMode } from "../config";
import { ApiError } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { embeddedOnly } from "../http/stand-ins";

export const EMBEDDED_INBOX_PATH = "/api/dev/push/inbox/";
/** Messages kept per subscription (the newest). */
const KEPT_MESSAGES = 50;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, length: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, length * 8));
}

type EndpointRow = { private_jwk: string; public_key: string; auth: string };

/** RFC 8291 §3.4 / RFC 8188: the user agent's side of aes128gcm, one record. */
export async function decryptPush(body: Uint8Array<ArrayBuffer>, endpoint: EndpointRow): Promise<string> {
  const salt = body.slice(0, 16);
  const idLength = body[20]!;
  const serverKey = body.slice(21, 21 + idLength);
  const record = body.slice(21 + idLength);
  const privateKey = await crypto.subtle.importKey(
    "jwk",
    JSON.parse(endpoint.private_jwk) as JsonWebKey,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    ["deriveBits"],
  );
  const serverPublic = await crypto.subtle.importKey("raw", serverKey, { name: "ECDH", namedCurve: "P-256" }, false, []);
  // Web Crypto's ECDH parameter is `public` (workers-types spells it `$public`).
  const ecdh = { name: "ECDH", public: serverPublic } as unknown as SubtleCryptoDeriveKeyAlgorithm;
  const shared = new Uint8Array(await crypto.subtle.deriveBits(ecdh, privateKey, 256));
  const text = (value: string) => Uint8Array.from(new TextEncoder().encode(value));
  const keyInfo = concat(text("WebPush: info\0"), fromBase64url(endpoint.public_key), serverKey);
  const ikm = await hkdf(fromBase64url(endpoint.auth), shared, keyInfo, 32);
  const cek = await hkdf(salt, ikm, text("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, text("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, record));
  // The last record ends with 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("push record has no final delimiter");
  return new TextDecoder().decode(padded.slice(0, end));
}

const refusal = (status: number, code: string, message: string) => Response.json({ error: { code, message } }, { status });

/** A delivery to an embedded endpoint, as a push service receives it: checked, decrypted, kept. */
export async function receiveEmbeddedPush(env: Env, endpointId: string, request: Request, now: number): Promise<Response> {
  const endpoint = await env.DB.prepare("SELECT private_jwk, public_key, auth FROM dev_push_endpoints WHERE id = ?")
    .bind(endpointId)
    .first<EndpointRow>();
  if (!endpoint) return refusal(410, "gone", "No such subscription.");
  if (request.headers.get("Content-Encoding") !== "aes128gcm")
    return refusal(415, "unsupported-encoding", "Only aes128gcm pushes are accepted.");
  if (!/^vapid t=[^,]+, k=/.test(request.headers.get("Authorization") ?? ""))
    return refusal(401, "vapid-required", "A VAPID signature is required.");
  let text: string;
  try {
    text = await decryptPush(new Uint8Array(await request.arrayBuffer()), endpoint);
  } catch {
    return refusal(400, "undecryptable", "The push could not be decrypted for this subscription.");
  }
  await env.DB.batch([
    env.DB.prepare("INSERT INTO dev_push_messages (endpoint_id, body, received_at) VALUES (?, ?, ?)").bind(endpointId, text, now),
    env.DB.prepare(
      "DELETE FROM dev_push_messages WHERE endpoint_id = ?1 AND seq NOT IN (SELECT seq FROM dev_push_messages WHERE endpoint_id = ?1 ORDER BY seq DESC LIMIT ?2)",
    ).bind(endpointId, KEPT_MESSAGES),
  ]);
  return Response.json({ received: true }, { status: 201 });
}

const InboxQuerySchema = z.object({ after: z.coerce.number().int().nonnegative().default(0) });

export function devPushRoutes() {
  const app = new Hono<AppEnv>();
  app.use("*", embeddedOnly(pushMode));

  app.post("/endpoints", async (c) => {
    const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
    const publicKey = base64url(new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer));
    const privateJwk = JSON.stringify(await crypto.subtle.exportKey("jwk", pair.privateKey));
    const auth = base64url(crypto.getRandomValues(new Uint8Array(16)));
    const id = base64url(crypto.getRandomValues(new Uint8Array(16)));
    await c.env.DB.prepare("INSERT INTO dev_push_endpoints (id, private_jwk, public_key, auth, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(id, privateJwk, publicKey, auth, Date.now())
      .run();
    const endpoint = `https://${new URL(c.req.url).host}${EMBEDDED_INBOX_PATH}${id}`;
    return c.json({ endpoint, expirationTime: null, keys: { p256dh: publicKey, auth } }, 201);
  });

  app.post("/inbox/:id", (c) => receiveEmbeddedPush(c.env, c.req.param("id"), c.req.raw, Date.now()));

  app.get("/inbox/:id", async (c) => {
    const after = InboxQuerySchema.safeParse(c.req.query());
    if (!after.success) throw new ApiError(400, "invalid-argument", "after must be a message number.");
    const { results } = await c.env.DB.prepare(
      "SELECT seq, body, received_at AS receivedAt FROM dev_push_messages WHERE endpoint_id = ? AND seq > ? ORDER BY seq",
    )
      .bind(c.req.param("id"), after.data.after)
      .all<{ seq: number; body: string; receivedAt: number }>();
    const parsed = (body: string): unknown => {
      try {
        return JSON.parse(body);
      } catch {
        return body;
      }
    };
    return c.json({ messages: results.map((m) => ({ seq: m.seq, receivedAt: m.receivedAt, message: parsed(m.body) })) });
  });

  return app;
}
