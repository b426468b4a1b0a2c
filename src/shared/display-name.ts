// Spec §3 "Username": the display name, else the part of the e-mail before '@', else
// 'user'. Used by sign-in on the server and by the device-stored username in the SPA.
// The one length limit of a username lives here too: the account page's input, its
// check before saving and the Worker's PATCH /api/me all read DISPLAY_NAME_MAX_LENGTH,
// and a default taken from a long Google name is cut to it so it can be saved as is.
// A typed username may not hold invisible or direction-changing characters (refused with
// DISPLAY_NAME_MESSAGES.disguised); a default has them stripped, so sign-in never fails.
import { stripDisguisingCharacters } from "./name-characters";

/** Longest username, in UTF-16 code units (what an input's maxLength and zod's max count). */
export const DISPLAY_NAME_MAX_LENGTH = 32;

export const DISPLAY_NAME_MESSAGES = {
  empty: "Username cannot be empty.",
  tooLong: `Username must be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  control: "Username cannot contain control characters.",
  disguised: "Username cannot contain invisible or direction-changing characters.",
  notText: "Username must be text.",
} as const;

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

export function defaultDisplayName(name: string | null | undefined, email: string | null | undefined): string {
  const trimmed = name ? stripDisguisingCharacters(name).trim() : "";
  if (trimmed) return clampDisplayName(trimmed);
  const local = email ? stripDisguisingCharacters(email.split("@")[0] ?? "").trim() : "";
  return local ? clampDisplayName(local) : "user";
}
