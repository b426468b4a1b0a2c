// SHA-256 as lowercase hex, the one digest the Worker names things by: refresh tokens as
// stored, placement requests under an Idempotency-Key, redemption ids derived from the
// player and their key, and the development sign-in's stable subjects.
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
