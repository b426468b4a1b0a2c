// The public list of every key that ever signed this deployment's receipts, served at
// /.well-known/vantage-receipt-keys.json (outside /api, so a verifier that knows only the
// site's origin finds it). It is RECEIPT_KEYS_JSON as configured; where the embedded
// development key signs, that key is listed too, so development receipts verify offline
// and never on a deployment that does not list it (docs/security.md, "Receipts").
import { RECEIPT_KEYS_PATH, type ReceiptKey, type ReceiptKeys } from "../../src/shared/schemas/receipts";
import { configuredReceiptKeys, DEV_RECEIPT_SIGNING_KEY, receiptsMode } from "../config";

/** From when the development key is listed as in use: before any receipt was issued. */
const DEV_KEY_VALID_FROM = "2026-01-01T00:00:00.000Z";

export function receiptKeys(env: Env): ReceiptKey[] {
  const configured = configuredReceiptKeys(env);
  const keys = typeof configured === "string" ? [] : configured;
  if (receiptsMode(env) !== "embedded" || keys.some((key) => key.keyId === DEV_RECEIPT_SIGNING_KEY.kid)) return keys;
  return [
    ...keys,
    {
      keyId: DEV_RECEIPT_SIGNING_KEY.kid,
      algorithm: "Ed25519",
      publicKey: DEV_RECEIPT_SIGNING_KEY.x,
      validFrom: DEV_KEY_VALID_FROM,
      validUntil: null,
    },
  ];
}

export function isReceiptKeysPath(pathname: string): boolean {
  return pathname === RECEIPT_KEYS_PATH;
}

/** The key list; anyone may read it from anywhere (a verifier on another site, a script). */
export function receiptKeysResponse(request: Request, env: Env): Response {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return Response.json(
      { error: { code: "method-not-allowed", message: "Only GET." } },
      { status: 405, headers: { Allow: "GET, HEAD", "Cache-Control": "no-store" } },
    );
  }
  const body: ReceiptKeys = { keys: receiptKeys(env) };
  return Response.json(body, {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*", "X-Content-Type-Options": "nosniff" },
  });
}
