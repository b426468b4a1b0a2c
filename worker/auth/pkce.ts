// PKCE (RFC 7636, S256 only) and the random values of a sign-in flow. Shared by the
// Worker's side of the Google flow and by the embedded provider's token endpoint, so
// both compute the challenge the same way.
export function base64UrlBytes(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** An unguessable URL-safe string (refresh tokens, state, nonce, verifiers). */
export function randomToken(byteLength = 32): string {
  return base64UrlBytes(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** A code verifier: 43 characters from the unreserved set, as RFC 7636 requires. */
export function newCodeVerifier(): string {
  return randomToken(32);
}

export async function s256Challenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64UrlBytes(new Uint8Array(digest));
}

/** Compares two strings without leaking where they first differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
