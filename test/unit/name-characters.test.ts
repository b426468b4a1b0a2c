// Which characters usernames and handles may hold (src/shared/name-characters.ts, used by
// src/shared/display-name.ts and src/shared/handles.ts), driven by one table of code
// points: characters that show nothing, pass for a space or turn text around are refused
// in a typed username or handle and dropped or spaced out of a name taken from Google;
// letters with their marks, digits and a little punctuation are accepted, NFKC-normalised.
// Then handle look-alikes by UTS #39 skeleton (src/shared/confusables.ts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { skeleton } from "../../src/shared/confusables";
import { DISPLAY_NAME_MAX_LENGTH, DISPLAY_NAME_MESSAGES, defaultDisplayName } from "../../src/shared/display-name";
import { checkHandle, HANDLE_MESSAGES, handleSkeleton, reservedWordIn } from "../../src/shared/handles";
import { sentenceOf } from "../../src/shared/refusals";
import { checkDisplayName } from "../../src/shared/schemas/user";

/** checkHandle's answer with a refusal's sentence (src/shared/refusals.ts) in place of its details, as the form shows it. */
function handleSaid(raw: string) {
  const result = checkHandle(raw);
  return result.ok ? result : { ok: false, code: result.code, message: sentenceOf(result) };
}

type Refused = {
  codePoint: number;
  what: string;
  /** Why a username holding it is refused. */
  username: keyof typeof DISPLAY_NAME_MESSAGES;
  /** What a Google name "Ada<it>Lovelace" becomes at first sign-in. */
  fromGoogle: string;
};

const REFUSED: readonly Refused[] = [
  { codePoint: 0x00ad, what: "soft hyphen", username: "disguised", fromGoogle: "AdaLovelace" },
  { codePoint: 0x180e, what: "Mongolian vowel separator", username: "disguised", fromGoogle: "AdaLovelace" },
  { codePoint: 0x3164, what: "Hangul filler (a letter otherwise)", username: "disguised", fromGoogle: "AdaLovelace" },
  { codePoint: 0x115f, what: "Hangul choseong filler (a letter otherwise)", username: "disguised", fromGoogle: "AdaLovelace" },
  { codePoint: 0x034f, what: "combining grapheme joiner", username: "disguised", fromGoogle: "AdaLovelace" },
  { codePoint: 0xfe0f, what: "variation selector 16", username: "disguised", fromGoogle: "AdaLovelace" },
  { codePoint: 0x2800, what: "Braille blank (a symbol)", username: "characters", fromGoogle: "Ada Lovelace" },
  { codePoint: 0x200b, what: "zero-width space", username: "disguised", fromGoogle: "AdaLovelace" },
  { codePoint: 0x200c, what: "zero-width non-joiner", username: "disguised", fromGoogle: "AdaLovelace" },
  { codePoint: 0x200d, what: "zero-width joiner", username: "disguised", fromGoogle: "AdaLovelace" },
  { codePoint: 0x2060, what: "word joiner", username: "disguised", fromGoogle: "AdaLovelace" },
  { codePoint: 0xfeff, what: "zero-width no-break space", username: "disguised", fromGoogle: "AdaLovelace" },
  { codePoint: 0x202e, what: "right-to-left override", username: "disguised", fromGoogle: "AdaLovelace" },
  { codePoint: 0x2066, what: "left-to-right isolate", username: "disguised", fromGoogle: "AdaLovelace" },
  { codePoint: 0x061c, what: "Arabic letter mark", username: "disguised", fromGoogle: "AdaLovelace" },
  { codePoint: 0x0007, what: "bell (a control)", username: "control", fromGoogle: "Ada Lovelace" },
  { codePoint: 0x0600, what: "Arabic number sign (a format character)", username: "unusable", fromGoogle: "AdaLovelace" },
  { codePoint: 0xe000, what: "private use", username: "unusable", fromGoogle: "AdaLovelace" },
  { codePoint: 0x0378, what: "unassigned", username: "unusable", fromGoogle: "AdaLovelace" },
  { codePoint: 0x1f3af, what: "emoji", username: "characters", fromGoogle: "Ada Lovelace" },
  { codePoint: 0x2028, what: "line separator", username: "characters", fromGoogle: "Ada Lovelace" },
];

type Accepted = { what: string; typed: string; stored: string };

const ACCEPTED: readonly Accepted[] = [
  { what: "é composed", typed: "Ren\u00e9e", stored: "Ren\u00e9e" },
  { what: "é decomposed, stored composed", typed: "Rene\u0301e", stored: "Ren\u00e9e" },
  { what: "a Spanish name", typed: "José", stored: "José" },
  { what: "Chinese letters", typed: "李小龍", stored: "李小龍" },
  { what: "Arabic letters with their marks", typed: "مُحَمَّد", stored: "مُحَمَّد" },
  { what: "Devanagari letters with their marks", typed: "हिंदी क्षत्रिय", stored: "हिंदी क्षत्रिय" },
  { what: "digits", typed: "Ada 1815", stored: "Ada 1815" },
  { what: "Arabic-Indic digits", typed: "علي ٣", stored: "علي ٣" },
  { what: "an apostrophe", typed: "O'Brien", stored: "O'Brien" },
  { what: "a typographic apostrophe, stored as '", typed: "O\u2019Brien", stored: "O'Brien" },
  { what: "a hyphen", typed: "Jean-Luc", stored: "Jean-Luc" },
  { what: "dots and underscores", typed: "j.r._smith", stored: "j.r._smith" },
  { what: "fullwidth letters, stored plain", typed: "Ｊｏｈｎ", stored: "John" },
  { what: "a ligature, stored as its letters", typed: "\ufb01nn", stored: "finn" },
  { what: "a no-break space, stored as a space", typed: "Ada\u00a0Lovelace", stored: "Ada Lovelace" },
  { what: "spaces, collapsed and trimmed", typed: "  Ada   Lovelace ", stored: "Ada Lovelace" },
  { what: "two marks on one letter", typed: "x\u0301\u0302", stored: "x\u0301\u0302" },
];

const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;

describe("characters a username may hold", () => {
  it.each(REFUSED.map((row) => [hex(row.codePoint), row.what, row] as const))(
    "refuses %s (%s) anywhere in a typed username, with the sentence that says why",
    (_hex, _what, { codePoint, username }) => {
      const ch = String.fromCodePoint(codePoint);
      for (const typed of [`Ada${ch}Lovelace`, `${ch}Ada`, `Ada${ch}`]) {
        expect(checkDisplayName(typed), JSON.stringify(typed)).toEqual({ ok: false, message: DISPLAY_NAME_MESSAGES[username] });
      }
    },
  );

  it.each(REFUSED.map((row) => [hex(row.codePoint), row.what, row] as const))(
    "drops or spaces out %s (%s) from a name taken from Google, which then passes as it is",
    (_hex, _what, { codePoint, fromGoogle }) => {
      const name = defaultDisplayName(`Ada${String.fromCodePoint(codePoint)}Lovelace`, "ada@example.com");
      expect(name).toBe(fromGoogle);
      expect(checkDisplayName(name)).toEqual({ ok: true, name });
    },
  );

  it.each(ACCEPTED.map((row) => [row.what, row] as const))("accepts %s, stored NFKC-normalised", (_, { typed, stored }) => {
    expect(checkDisplayName(typed)).toEqual({ ok: true, name: stored });
    expect(defaultDisplayName(typed, null)).toBe(stored);
  });

  it("refuses a third mark in a row, a mark on no letter, and punctuation outside . - _ '", () => {
    for (const typed of ["x\u0301\u0302\u0303", "Ada Z\u0337\u0322\u0330algo", "\u0301Ada", "Ada \u0301", "1\u20e3"]) {
      expect(checkDisplayName(typed), JSON.stringify(typed)).toEqual({ ok: false, message: DISPLAY_NAME_MESSAGES.marks });
    }
    for (const typed of ["Ada & Co", "Ada!", "@ada", "Ada/Lovelace", "Ada\u2013Lovelace"]) {
      expect(checkDisplayName(typed), typed).toEqual({ ok: false, message: DISPLAY_NAME_MESSAGES.characters });
    }
    expect(DISPLAY_NAME_MESSAGES.characters).toBe("Username can use letters, digits, spaces and . - _ ' only.");
  });

  it("counts the length once normalised: fullwidth or spaced-out names are not cut short", () => {
    expect(checkDisplayName("Ｘ".repeat(DISPLAY_NAME_MAX_LENGTH))).toEqual({ ok: true, name: "X".repeat(DISPLAY_NAME_MAX_LENGTH) });
    expect(checkDisplayName(`${"x".repeat(16)}     ${"y".repeat(15)}`)).toMatchObject({ ok: true });
    expect(checkDisplayName("\ufdfa".repeat(2))).toEqual({ ok: false, message: DISPLAY_NAME_MESSAGES.tooLong });
  });

  it("keeps at most two marks on a letter of a name from Google, and drops marks on nothing", () => {
    expect(defaultDisplayName("x\u0301\u0302\u0303\u0304y", null)).toBe("x\u0301\u0302y");
    expect(defaultDisplayName("\u0301Ada", null)).toBe("Ada");
  });

  it("falls back to the e-mail's local part, then to 'user', when nothing of the name is left", () => {
    expect(defaultDisplayName("\u2800\u3164\u200b", "ada.l@example.com")).toBe("ada.l");
    expect(defaultDisplayName("🎯", "ada+bets@example.com")).toBe("ada bets");
    expect(defaultDisplayName("\u115f", "\u200b@example.com")).toBe("user");
    expect(defaultDisplayName(null, null)).toBe("user");
  });

  it("makes any Google name and e-mail into a username the same rules accept unchanged", () => {
    const text = fc.oneof(fc.string({ unit: "binary", maxLength: 60 }), fc.string({ unit: "grapheme", maxLength: 60 }));
    fc.assert(
      fc.property(fc.option(text), fc.option(text), (name, email) => {
        const made = defaultDisplayName(name, email);
        expect(checkDisplayName(made)).toEqual({ ok: true, name: made });
      }),
      { numRuns: 1000 },
    );
  });
});

describe("characters a handle may hold", () => {
  it.each(REFUSED.map((row) => [hex(row.codePoint), row.what, row] as const))(
    "refuses %s (%s) in a handle",
    (_hex, _what, { codePoint, username }) => {
      const typed = `ada${String.fromCodePoint(codePoint)}plays`;
      const message = username === "disguised" ? HANDLE_MESSAGES.disguised : HANDLE_MESSAGES.characters;
      expect(handleSaid(typed)).toEqual({ ok: false, code: "invalid-handle", message });
    },
  );

  it("reads fullwidth and ligature forms as their plain letters", () => {
    expect(handleSaid("ＡＤＡ＿９９")).toEqual({ ok: true, handle: "ada_99" });
    expect(handleSaid("\ufb01nn_fan")).toEqual({ ok: true, handle: "finn_fan" });
    expect(handleSaid("José")).toMatchObject({ ok: false, message: HANDLE_MESSAGES.characters });
  });
});

describe("handle look-alikes by UTS #39 skeleton", () => {
  it("maps each character to its confusables.txt prototype, and leaves the rest as they are", () => {
    expect(skeleton("0")).toBe("O");
    expect(skeleton("1")).toBe("l");
    expect(skeleton("I")).toBe("l");
    expect(skeleton("m")).toBe("rn");
    expect(skeleton("rn")).toBe("rn");
    expect(skeleton("vv")).toBe("vv");
    expect(skeleton("cl")).toBe("cl");
    expect(skeleton(skeleton("m01I"))).toBe(skeleton("m01I"));
  });

  it("gives look-alike handles one skeleton, in lower case", () => {
    expect(handleSkeleton("jordan")).toBe("jordan");
    expect(handleSkeleton("j0rdan")).toBe("jordan");
    expect(handleSkeleton("mike")).toBe(handleSkeleton("rnike"));
    expect(handleSkeleton("lola_1")).toBe(handleSkeleton("1o1a_l"));
    // Not confusable by the table: i and j, i and l, w and vv, q and g, d and cl.
    for (const [a, b] of [
      ["jordan", "iordan"],
      ["bill", "biil"],
      ["wes", "vves"],
      ["vantage", "vantaqe"],
      ["dan", "clan"],
    ] as const) {
      expect(handleSkeleton(a), `${a} / ${b}`).not.toBe(handleSkeleton(b));
    }
  });

  it("refuses handles that read as a reserved name or a house word through their skeleton", () => {
    for (const [handle, word] of [
      ["rnod", "mod"],
      ["adrnin", "admin"],
      ["adrn1n", "admin"],
      ["rnoderator_x", "moderator"],
      ["the_sysadrnin", "admin"],
      ["paymentz_payrnents", "payments"],
      ["rne", "me"],
      ["rnai1", "mail"],
    ] as const) {
      expect(reservedWordIn(handle), handle).toBe(word);
      expect(handleSaid(handle), handle).toEqual({ ok: false, code: "handle-reserved", message: HANDLE_MESSAGES.reserved });
    }
  });

  it("accepts handles that only share letters with a house word, or look alike by no row of the table", () => {
    for (const handle of ["modern_fan", "rnodel_train", "vantaqe", "mall", "burn_rate", "arsenal_supporter"]) {
      expect(handleSaid(handle), handle).toMatchObject({ ok: true });
    }
  });
});
