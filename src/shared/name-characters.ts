// Characters that let a name pass for another one: bidi controls reorder what is shown
// ("\u202Eesab" reads "base"; U+202A–202E embeddings and overrides, U+2066–2069
// isolates, and the direction marks U+200E, U+200F, U+061C) and zero-width characters
// hide inside a name ("admin\u200B"; U+200B–200D, U+2060, U+FEFF). A username or handle
// a player types is refused when it holds one of them; a name taken from Google at first sign-in
// has them stripped instead, so signing in never fails over them.

const DISGUISING = "\\u202A-\\u202E\\u2066-\\u2069\\u200E\\u200F\\u061C\\u200B-\\u200D\\u2060\\uFEFF";
const ANY_DISGUISING = new RegExp(`[${DISGUISING}]`, "u");
const EVERY_DISGUISING = new RegExp(`[${DISGUISING}]`, "gu");

export function hasDisguisingCharacters(text: string): boolean {
  return ANY_DISGUISING.test(text);
}

export function stripDisguisingCharacters(text: string): string {
  return text.replace(EVERY_DISGUISING, "");
}
