// The keys a verified person is known by (worker/identity/document-hash.ts): the full name's
// and a tolerant one of the first and last name alone, each with the date of birth, so the
// same person spelled with and without a middle name (a passport and a driving licence, a
// licence and a bank account) is one person. Here: which words make the first and last
// name, and that the two keys never stand for one another.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstAndLastName, personHash, personHashes, tolerantPersonHash } from "../../worker/identity/document-hash";

const KEY = "k".repeat(32);
const BORN = "1990-04-25";

describe("the first and last name of a tolerant person key", () => {
  it("takes the first and the last word, leaving middle names and initials out", () => {
    for (const name of ["John Michael Smith", "John Smith", "JOHN A. SMITH", "john  michael   robert smith", " John\tSmith "]) {
      expect(firstAndLastName(name), name).toEqual({ first: "JOHN", last: "SMITH" });
    }
  });

  it("normalises each word as the full key does: accents dropped, letters only, upper case", () => {
    expect(firstAndLastName("José-María Núñez")).toEqual({ first: "JOSEMARIA", last: "NUNEZ" });
    expect(firstAndLastName("Zoë Ångström")).toEqual({ first: "ZOE", last: "ANGSTROM" });
    expect(firstAndLastName("Seán D'Arcy")).toEqual({ first: "SEAN", last: "DARCY" });
  });

  it("joins a hyphenated or apostrophed word into one, and splits only on spaces", () => {
    expect(firstAndLastName("Mary-Jane O'Neil Smith")).toEqual({ first: "MARYJANE", last: "SMITH" });
    expect(firstAndLastName("Mary Jane Smith")).toEqual({ first: "MARY", last: "SMITH" });
    expect(firstAndLastName("Anne Smith-Jones")).toEqual({ first: "ANNE", last: "SMITHJONES" });
  });

  it("skips words with no letters", () => {
    expect(firstAndLastName("John - Smith &")).toEqual({ first: "JOHN", last: "SMITH" });
    expect(firstAndLastName("John 3")).toBeNull();
  });

  it("keeps a generation suffix with the last name, so a father's name is not his son's", () => {
    expect(firstAndLastName("John Michael Smith Jr.")).toEqual({ first: "JOHN", last: "SMITHJR" });
    expect(firstAndLastName("John Smith JR")).toEqual({ first: "JOHN", last: "SMITHJR" });
    expect(firstAndLastName("John Smith III")).toEqual({ first: "JOHN", last: "SMITHIII" });
    expect(firstAndLastName("John Smith Sr")).toEqual({ first: "JOHN", last: "SMITHSR" });
    // Two words are a first and a last name, whatever they are.
    expect(firstAndLastName("Smith Jr")).toEqual({ first: "SMITH", last: "JR" });
  });

  it("has none for a name of one word or none", () => {
    for (const name of ["Madonna", "  Madonna  ", "", "   ", "- &"]) expect(firstAndLastName(name), name).toBeNull();
  });

  it("is the same with any middle names between the same first and last name", () => {
    const word = fc.stringMatching(/^[A-Za-z]{1,12}$/).filter((w) => !["JR", "SR", "II", "III", "IV"].includes(w.toUpperCase()));
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 4 }), word, (first, middles, last) => {
        expect(firstAndLastName([first, ...middles, last].join(" "))).toEqual({ first: first.toUpperCase(), last: last.toUpperCase() });
      }),
    );
  });
});

describe("the tolerant person key", () => {
  it("is one key for the same person with and without a middle name, and the full keys stay two", async () => {
    const passport = { name: "John Michael Smith", dateOfBirth: BORN };
    const licence = { name: "JOHN SMITH", dateOfBirth: BORN };
    expect(await tolerantPersonHash(KEY, passport)).toBe(await tolerantPersonHash(KEY, licence));
    expect(await personHash(KEY, passport)).not.toBe(await personHash(KEY, licence));
  });

  it("differs with the date of birth, the first name or the last name", async () => {
    const john = await tolerantPersonHash(KEY, { name: "John Smith", dateOfBirth: BORN });
    expect(await tolerantPersonHash(KEY, { name: "John Smith", dateOfBirth: "1990-04-26" })).not.toBe(john);
    expect(await tolerantPersonHash(KEY, { name: "Jane Smith", dateOfBirth: BORN })).not.toBe(john);
    expect(await tolerantPersonHash(KEY, { name: "John Smyth", dateOfBirth: BORN })).not.toBe(john);
    // The words are kept apart: "JOHN SMITH" is not "JOHNS MITH".
    expect(await tolerantPersonHash(KEY, { name: "Johns Mith", dateOfBirth: BORN })).not.toBe(john);
  });

  it("never equals a full key, even of a name whose letters are the same", async () => {
    const person = { name: "John Smith", dateOfBirth: BORN };
    const [full, tolerant] = await personHashes(KEY, person);
    expect(full).toMatch(/^idp_[0-9a-f]{64}$/);
    expect(tolerant).toMatch(/^idt_[0-9a-f]{64}$/);
    expect(full!.slice(4)).not.toBe(tolerant!.slice(4));
  });

  it("is left out for a name of one word, which claims its full key only, and a name without letters claims none", async () => {
    expect(await tolerantPersonHash(KEY, { name: "Madonna", dateOfBirth: BORN })).toBeNull();
    expect(await personHashes(KEY, { name: "Madonna", dateOfBirth: BORN })).toEqual([
      await personHash(KEY, { name: "Madonna", dateOfBirth: BORN }),
    ]);
    expect(await personHashes(KEY, { name: " - ", dateOfBirth: BORN })).toEqual([]);
  });
});
