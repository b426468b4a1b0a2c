// Spec §3 "Username": the display name, else the part of the e-mail before '@', else
// 'user'. Used by sign-in on the server and by the device-stored username in the SPA.
// The one length limit of a username lives here too: the account page's input, its
// check before saving and the Worker's PATCH /api/me all read DISPLAY_NAME_MAX_LENGTH,
// and a default taken from a long Google name is cut to it so it can be saved as is.
// Characters are allowed by list (src/shared/name-characters.ts): a typed username is
// NFKC-normalised (and a typographic apostrophe ’ read as '), then refused with one
// sentence per rule; checkDisplayNameText answers the normalised name, which is what is
// stored. A default is made to pass the same rules instead, so sign-in never fails.
import { allowListProblem, collapseSpaces, hiddenCharacterProblem, keepAllowedNameCharacters, normaliseName } from "./name-characters";

/** Longest username, in UTF-16 code units (what an input's maxLength and zod's max count). */
export const DISPLAY_NAME_MAX_LENGTH = 32;

export const DISPLAY_NAME_MESSAGES = {
  empty: "Username cannot be empty.",
  tooLong: `Username must be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  control: "Username cannot contain control characters.",
  disguised: "Username cannot contain invisible or direction-changing characters.",
  unusable: "Username cannot contain formatting, private-use or unassigned characters, which may not show.",
  characters: "Username can use letters, digits, spaces and . - _ ' only.",
  marks: "Username can put at most 2 accents or marks on a letter, so it cannot spill over other text.",
  notText: "Username must be text.",
} as const;

export type DisplayNameCheck = { ok: true; name: string } | { ok: false; message: string };

/** NFKC, with the typographic apostrophe (what phone keyboards type for ') as '. */
function usernameForm(text: string): string {
  return normaliseName(text).replaceAll("\u2019", "'");
}

/** Cuts a name to the limit without splitting a character made of two code units. */
export function clampDisplayName(name: string): string {
  if (name.length <= DISPLAY_NAME_MAX_LENGTH) return name;
  let out = "";
  for (const ch of name) {
    if (out.length + ch.length > DISPLAY_NAME_MAX_LENGTH) break;
    out += ch;
  }
  return out.trim();
}

/** A typed username checked by every rule, in order: the name to store, or the sentence why not. */
export function checkDisplayNameText(typed: string): DisplayNameCheck {
  const normalised = usernameForm(typed);
  const hidden = hiddenCharacterProblem(normalised);
  if (hidden !== null) return { ok: false, message: DISPLAY_NAME_MESSAGES[hidden] };
  const name = collapseSpaces(normalised);
  if (name.length === 0) return { ok: false, message: DISPLAY_NAME_MESSAGES.empty };
  if (name.length > DISPLAY_NAME_MAX_LENGTH) return { ok: false, message: DISPLAY_NAME_MESSAGES.tooLong };
  const visible = allowListProblem(name);
  if (visible !== null) return { ok: false, message: DISPLAY_NAME_MESSAGES[visible] };
  return { ok: true, name };
}

/** A username that passes checkDisplayNameText unchanged, made from what Google gave: never refused. */
export function defaultDisplayName(name: string | null | undefined, email: string | null | undefined): string {
  const fromName = name ? clampDisplayName(keepAllowedNameCharacters(usernameForm(name))) : "";
  if (fromName) return fromName;
  const local = email ? clampDisplayName(keepAllowedNameCharacters(usernameForm(email.split("@")[0] ?? ""))) : "";
  return local || "user";
}
