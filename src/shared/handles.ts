// Handles: the only name other players ever see (leaderboards, public profiles, shared
// picks, the Following feed). One rule for the account form, the share prompt and the
// Worker, pure, errors as values:
//   shape        NFKC-normalised (fullwidth "ＡＤＡ" is "ada"), trimmed and lower-cased,
//                then 3–20 of a-z 0-9 _; invisible or direction-changing characters are
//                refused first with their own sentence (src/shared/name-characters.ts);
//   house words  a handle that, read as below, equals, starts with or ends with one of
//                HOUSE_WORDS could pass for the book's staff (vantage_support,
//                supp0rt, adm1n, adrnin, officialvantage) and is refused; the word in the
//                middle of another is fine (badminton_fan);
//   reserved     RESERVED_NAMES (routes and short words that are ordinary inside other
//                words: me, team, mod, root) are refused only when the handle, read as
//                below, equals one (rnod);
//   reading      lower case, "_" dropped, digits read as the letters they imitate
//                (0→o, 3→e, 4→a, 5→s, 7→t; 1 as i or l), then each letter as its UTS #39
//                confusables prototype (m as rn, src/shared/confusables.ts), the words too;
//   look-alikes  handleSkeleton is a handle's UTS #39 skeleton, lower-cased: the Worker
//                refuses a handle whose skeleton is another player's (j0rdan beside
//                jordan, rnike beside mike), and uniqueness of the handle itself is the
//                database's job.
import { skeleton } from "./confusables";
import { hasDisguisingCharacters, normaliseName } from "./name-characters";

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
  taken: "That handle is taken. Please choose another.",
  lookAlike: "That handle looks too much like another player's. Please choose another.",
} as const;

/** A refused handle; `problem` picks its sentence (src/shared/refusals.ts, from HANDLE_MESSAGES). */
export type HandleRefusal =
  | { ok: false; code: "invalid-handle"; details: { problem: "length" | "characters" | "disguised" } }
  | { ok: false; code: "handle-reserved"; details?: undefined };
export type HandleCheck = { ok: true; handle: string } | HandleRefusal;

export function normaliseHandle(raw: string): string {
  return normaliseName(raw).trim().toLowerCase();
}

/**
 * A handle's UTS #39 skeleton, lower-cased because handles are shown in lower case (the
 * prototype of 0 is O, read here as o): two handles with one skeleton look alike. For
 * a-z 0-9 _ this is 0→o, 1→l, m→rn, as migration 0028's handle_skeleton column computes.
 */
export function handleSkeleton(handle: string): string {
  return skeleton(handle.toLowerCase()).toLowerCase();
}

/**
 * The key two handles look alike by: the skeleton with every "_" removed, since "jordan_",
 * "_jordan" and "jor_dan" read as "jordan". As migration 0052's handle_look_alike column computes.
 */
export function handleLookAlikeKey(handle: string): string {
  return handleSkeleton(handle).replaceAll("_", "");
}

const DIGIT_LETTERS: Readonly<Record<string, string>> = { "0": "o", "3": "e", "4": "a", "5": "s", "7": "t" };

/** A handle as it reads: lower case, no "_", look-alike digits as letters and letters as their prototypes ("1" stays: it reads as i or l). */
function readAs(handle: string): string {
  let read = "";
  for (const ch of handle.toLowerCase()) {
    if (ch === "_") continue;
    const letter = DIGIT_LETTERS[ch] ?? ch;
    read += letter === "1" ? letter : handleSkeleton(letter);
  }
  return read;
}

type ReadWord = { word: string; reads: string };
const readWords = (words: readonly string[]): readonly ReadWord[] => words.map((word) => ({ word, reads: handleSkeleton(word) }));
const HOUSE_WORDS_READ = readWords(HOUSE_WORDS);
const RESERVED_NAMES_READ = readWords(RESERVED_NAMES);

/** Whether `read` spells `word` from `offset` on, a "1" standing for i or l. */
function spells(read: string, word: string, offset: number): boolean {
  if (offset < 0 || offset + word.length > read.length) return false;
  for (let i = 0; i < word.length; i += 1) {
    const ch = read[offset + i];
    const wanted = word[i];
    if (ch !== wanted && !(ch === "1" && (wanted === "i" || wanted === "l"))) return false;
  }
  return true;
}

/** The house word or reserved name a handle would pass for, or null. */
export function reservedWordIn(handle: string): string | null {
  const read = readAs(handle);
  for (const { word, reads } of HOUSE_WORDS_READ) {
    if (spells(read, reads, 0) || spells(read, reads, read.length - reads.length)) return word;
  }
  for (const { word, reads } of RESERVED_NAMES_READ) {
    if (read.length === reads.length && spells(read, reads, 0)) return word;
  }
  return null;
}

export function checkHandle(raw: string): HandleCheck {
  const normalised = normaliseName(raw);
  if (hasDisguisingCharacters(normalised)) return { ok: false, code: "invalid-handle", details: { problem: "disguised" } };
  const handle = normalised.trim().toLowerCase();
  if (handle.length < HANDLE_MIN || handle.length > HANDLE_MAX)
    return { ok: false, code: "invalid-handle", details: { problem: "length" } };
  if (!HANDLE_PATTERN.test(handle)) return { ok: false, code: "invalid-handle", details: { problem: "characters" } };
  if (reservedWordIn(handle) !== null) return { ok: false, code: "handle-reserved" };
  return { ok: true, handle };
}
