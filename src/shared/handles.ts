// Handles: the only name other players ever see (leaderboards, public profiles, shared
// picks, the Following feed). One rule for the account form, the share prompt and the
// Worker, pure, errors as values:
//   shape        trimmed and lower-cased, then 3–20 of a-z 0-9 _ (uniqueness is the
//                database's job); invisible or direction-changing characters are refused
//                with their own sentence (src/shared/name-characters.ts);
//   house words  a handle that, folded, equals, starts with or ends with one of
//                HOUSE_WORDS could pass for the book's staff (vantage_support,
//                supp0rt, adm1n, officialvantage) and is refused; the word in the
//                middle of another is fine (badminton_fan);
//   reserved     RESERVED_NAMES (routes and short words that are ordinary inside other
//                words: me, team, mod, root) are refused only when the folded handle
//                equals one;
//   folding      lower case, "_" dropped, digits read as the letters they imitate:
//                0→o, 1→i or l, 3→e, 4→a, 5→s, 7→t.
import { hasDisguisingCharacters } from "./name-characters";

export const HANDLE_MIN = 3;
export const HANDLE_MAX = 20;
export const HANDLE_PATTERN = /^[a-z0-9_]+$/;

/** Words of the house: refused at either end of a handle, or as the whole of it. */
export const HOUSE_WORDS: readonly string[] = [
  "vantage",
  "admin",
  "administrator",
  "sysadmin",
  "superuser",
  "support",
  "helpdesk",
  "official",
  "moderator",
  "operator",
  "staff",
  "security",
  "cashier",
  "billing",
  "payments",
  "verified",
];

/** Names refused only as the whole handle: routes, and words ordinary inside others. */
export const RESERVED_NAMES: readonly string[] = [
  "root",
  "system",
  "help",
  "team",
  "mod",
  "abuse",
  "api",
  "www",
  "mail",
  "null",
  "undefined",
  "me",
  "you",
  "anonymous",
  "account",
  "settings",
  "social",
  "picks",
  "shop",
  "redeem",
  "login",
  "logout",
  "signin",
  "signout",
  "register",
  "terms",
  "privacy",
  "disclaimer",
  "everyone",
  "here",
];

export const HANDLE_MESSAGES = {
  length: `Handles are ${HANDLE_MIN} to ${HANDLE_MAX} characters.`,
  characters: "Handles use only letters a–z, digits and _.",
  disguised: "Handles cannot contain invisible or direction-changing characters.",
  reserved: "That handle is reserved. Please choose another.",
} as const;

export type HandleCheck = { ok: true; handle: string } | { ok: false; code: "invalid-handle" | "handle-reserved"; message: string };

export function normaliseHandle(raw: string): string {
  return raw.trim().toLowerCase();
}

const DIGIT_LETTERS: Readonly<Record<string, string>> = { "0": "o", "3": "e", "4": "a", "5": "s", "7": "t" };

/** A handle as it reads: lower case, no "_", look-alike digits as letters ("1" stays: it reads as i or l). */
function fold(handle: string): string {
  let folded = "";
  for (const ch of handle.toLowerCase()) {
    if (ch !== "_") folded += DIGIT_LETTERS[ch] ?? ch;
  }
  return folded;
}

/** Whether `folded` spells `word` from `offset` on, a "1" standing for i or l. */
function spells(folded: string, word: string, offset: number): boolean {
  if (offset < 0 || offset + word.length > folded.length) return false;
  for (let i = 0; i < word.length; i += 1) {
    const ch = folded[offset + i];
    const wanted = word[i];
    if (ch !== wanted && !(ch === "1" && (wanted === "i" || wanted === "l"))) return false;
  }
  return true;
}

/** The house word or reserved name a handle would pass for, or null. */
export function reservedWordIn(handle: string): string | null {
  const folded = fold(handle);
  for (const word of HOUSE_WORDS) {
    if (spells(folded, word, 0) || spells(folded, word, folded.length - word.length)) return word;
  }
  for (const name of RESERVED_NAMES) {
    if (folded.length === name.length && spells(folded, name, 0)) return name;
  }
  return null;
}

export function checkHandle(raw: string): HandleCheck {
  if (hasDisguisingCharacters(raw)) return { ok: false, code: "invalid-handle", message: HANDLE_MESSAGES.disguised };
  const handle = normaliseHandle(raw);
  if (handle.length < HANDLE_MIN || handle.length > HANDLE_MAX)
    return { ok: false, code: "invalid-handle", message: HANDLE_MESSAGES.length };
  if (!HANDLE_PATTERN.test(handle)) return { ok: false, code: "invalid-handle", message: HANDLE_MESSAGES.characters };
  if (reservedWordIn(handle) !== null) return { ok: false, code: "handle-reserved", message: HANDLE_MESSAGES.reserved };
  return { ok: true, handle };
}
