// Signing a receipt's record: Ed25519 over its canonical bytes, with a private key given as
// a JWK (kty OKP, crv Ed25519, d and x base64url, kid the key id). Used by the Worker; kept
// beside the verifier so both read the same bytes.
import { canonicalBytes } from "./canonical-json";
import { fromBase64Url, toBase64Url } from "./encoding";

export type ReceiptSigningJwk = { kty: "OKP"; crv: "Ed25519"; kid: string; d: string; x: string };

/** The JWK when `text` is a well-formed Ed25519 private key with a key id; else a sentence saying what is wrong. */
export function parseSigningJwk(text: string): ReceiptSigningJwk | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "is not JSON (expected an Ed25519 private key as a JWK)";
  }
  if (typeof value !== "object" || value === null) return "is not a JWK object";
  const jwk = value as Record<string, unknown>;
  if (jwk.kty !== "OKP" || jwk.crv !== "Ed25519") return 'is not an Ed25519 key (kty "OKP", crv "Ed25519")';
  if (typeof jwk.kid !== "string" || !/^[A-Za-z0-9_.-]{1,64}$/.test(jwk.kid))
    return "has no key id (kid: 1-64 letters, digits, '.', '_' or '-')";
  for (const member of ["d", "x"] as const) {
    const bytes = typeof jwk[member] === "string" ? fromBase64Url(jwk[member]) : null;
    if (bytes?.length !== 32) return `has no 32-byte "${member}"`;
  }
  return { kty: "OKP", crv: "Ed25519", kid: jwk.kid, d: jwk.d as string, x: jwk.x as string };
}

/** Signs records' canonical bytes with one key, imported once for however many records. */
export type ReceiptSigner = { kid: string; sign(bytes: Uint8Array<ArrayBuffer>): Promise<string> };

export async function receiptSigner(jwk: ReceiptSigningJwk): Promise<ReceiptSigner> {
  const key = await crypto.subtle.importKey("jwk", { kty: jwk.kty, crv: jwk.crv, d: jwk.d, x: jwk.x }, { name: "Ed25519" }, false, [
    "sign",
  ]);
  return {
    kid: jwk.kid,
    sign: async (bytes) => toBase64Url(new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, key, bytes))),
  };
}

export async function signRecord(jwk: ReceiptSigningJwk, record: unknown): Promise<string> {
  return (await receiptSigner(jwk)).sign(canonicalBytes(record));
}
