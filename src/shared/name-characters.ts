// Which characters a name may hold, by allow-list: a deny-list of bidi and zero-width
// characters let through others that show nothing or pass for a space (a security review
// found U+00AD, U+180E, U+3164, U+115F, U+034F, U+FE0F and U+2800 in usernames). Used by
// usernames (src/shared/display-name.ts) and handles (src/shared/handles.ts).
//
// A name is NFKC-normalised before anything is checked (fullwidth "Ｊｏｈｎ" is "John",
// odd spaces are U+0020) and stored that way. Then, in this order:
//   disguised  any Default_Ignorable_Code_Point (zero-width and joiner characters, the
//              soft hyphen, variation selectors, the Hangul fillers U+3164 and U+115F,
//              which are letters otherwise) or Bidi_Control ("\u202Eesab" reads "base");
//   control    Cc (tab, newline, bell);
//   unusable   the other Cf, and Co (private use), Cs (lone surrogates), Cn (unassigned);
//   characters anything but letters (L), marks (M), decimal digits (Nd), U+0020 and the
//              punctuation in NAME_PUNCTUATION: so U+2800 (Braille blank, a symbol),
//              emoji and other symbols are refused;
//   marks      a mark must sit on a letter, at most MAX_MARKS_IN_A_ROW of them (no
//              "Zalgo" text spilling over the names around it).
// A name a player did not type (a Google name at first sign-in) is never refused: the
// same rules drop or space out what may not stay (keepAllowedNameCharacters).

/** Punctuation a username may hold besides letters, marks, digits and spaces. */
export const NAME_PUNCTUATION: readonly string[] = [".", "-", "_", "'"];

/** Most combining marks one letter may carry. */
export const MAX_MARKS_IN_A_ROW = 2;

const DISGUISING = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u;
const EVERY_DISGUISING = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/gu;
const CONTROL = /\p{Cc}/u;
const UNUSABLE = /[\p{Cf}\p{Co}\p{Cs}\p{Cn}]/u;
const LETTER = /^\p{L}$/u;
const MARK = /^\p{M}$/u;
const DIGIT = /^\p{Nd}$/u;

/** NFKC: compatibility forms (fullwidth letters, ligatures, no-break and ideographic spaces) as their plain characters. */
export function normaliseName(text: string): string {
  return text.normalize("NFKC");
}

/** Whether `text` holds an invisible (default-ignorable) or direction-changing character. */
export function hasDisguisingCharacters(text: string): boolean {
  return DISGUISING.test(text);
}

/** `text` without its invisible and direction-changing characters. */
export function stripDisguisingCharacters(text: string): string {
  return text.replace(EVERY_DISGUISING, "");
}

/** Why a name's characters could not be shown as they are: checked on the whole, untrimmed name. */
export type HiddenCharacterProblem = "disguised" | "control" | "unusable";

/** Why a name's visible characters are not allowed: checked once it is trimmed and within length. */
export type AllowListProblem = "characters" | "marks";

export function hiddenCharacterProblem(name: string): HiddenCharacterProblem | null {
  if (DISGUISING.test(name)) return "disguised";
  if (CONTROL.test(name)) return "control";
  if (UNUSABLE.test(name)) return "unusable";
  return null;
}

type CharacterKind = "letter" | "mark" | "digit" | "space" | "punctuation" | "other";

function kindOf(ch: string): CharacterKind {
  if (LETTER.test(ch)) return "letter";
  if (MARK.test(ch)) return "mark";
  if (DIGIT.test(ch)) return "digit";
  if (ch === " ") return "space";
  if (NAME_PUNCTUATION.includes(ch)) return "punctuation";
  return "other";
}

/** The first rule a name's visible characters break, or null when each is allowed. */
export function allowListProblem(name: string): AllowListProblem | null {
  let marksInRow = 0;
  let afterLetter = false;
  for (const ch of name) {
    const kind = kindOf(ch);
    if (kind === "other") return "characters";
    if (kind === "mark") {
      marksInRow += 1;
      if (!afterLetter || marksInRow > MAX_MARKS_IN_A_ROW) return "marks";
    } else {
      marksInRow = 0;
      afterLetter = kind === "letter";
    }
  }
  return null;
}

/** Runs of spaces (U+0020) as one, none at either end. Only U+0020: String.trim would also take a line separator off the ends, which is not allowed anywhere. */
export function collapseSpaces(text: string): string {
  return text.replace(/ {2,}/g, " ").replace(/^ | $/g, "");
}

/**
 * A name made to pass the rules above instead of being refused (for names the player did
 * not type): normalised, invisible and unusable characters dropped, controls, symbols and
 * other punctuation turned into spaces, marks beyond what a letter may carry dropped,
 * then normalised again (a dropped character may have kept two others from composing)
 * and spaces collapsed. The result may be empty.
 */
export function keepAllowedNameCharacters(text: string): string {
  let kept = "";
  let marksInRow = 0;
  let afterLetter = false;
  for (const ch of normaliseName(text)) {
    if (DISGUISING.test(ch) || UNUSABLE.test(ch)) continue;
    const kind = CONTROL.test(ch) ? "other" : kindOf(ch);
    if (kind === "mark") {
      if (afterLetter && marksInRow < MAX_MARKS_IN_A_ROW) {
        kept += ch;
        marksInRow += 1;
      }
      continue;
    }
    marksInRow = 0;
    afterLetter = kind === "letter";
    kept += kind === "other" ? " " : ch;
  }
  return collapseSpaces(normaliseName(kept));
}
