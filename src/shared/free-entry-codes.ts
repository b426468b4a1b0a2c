// Free entry by post: the single-use request code a player writes on their card. Codes
// are read by a person off a handwritten card, so the alphabet leaves out letters and
// digits that look alike (0/O, 1/I/L, 5/S, 2/Z, 8/B), and what the operator types is
// normalised (case, spaces, dashes) before it is looked up. Pure.
export const FREE_ENTRY_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";

/** "VX-" and two groups of four: "VX-ACDE-FGHJ". */
const CODE_PATTERN = /^VX-[ACDEFGHJKMNPQRTUVWXY34679]{4}-[ACDEFGHJKMNPQRTUVWXY34679]{4}$/;

/** A new code from 8 random bytes (the caller supplies them: crypto.getRandomValues). */
export function formatFreeEntryCode(random: Uint8Array): string {
  const chars = [...random.slice(0, 8)].map((b) => FREE_ENTRY_CODE_ALPHABET[b % FREE_ENTRY_CODE_ALPHABET.length]);
  return `VX-${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}`;
}

/** What an operator typed ("vx acde fghj", "VXACDEFGHJ") as the stored form, or null when it cannot be a code. */
export function normaliseFreeEntryCode(text: string): string | null {
  const bare = text.toUpperCase().replace(/[\s-]/g, "");
  const body = bare.startsWith("VX") ? bare.slice(2) : bare;
  if (body.length !== 8) return null;
  const code = `VX-${body.slice(0, 4)}-${body.slice(4)}`;
  return CODE_PATTERN.test(code) ? code : null;
}
