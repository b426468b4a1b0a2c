// Player ids of props: one player spelled several ways by the books gets one id, and the
// operator's name map corrects what the slug rule cannot (src/shared/props/player-names.ts).
import { describe, expect, it } from "vitest";
import { playerIdOf, resolvePlayer } from "../../src/shared/props/player-names";

describe("playerIdOf", () => {
  it.each([
    ["Ja'Marr Chase", "jamarr-chase"],
    ["JaMarr Chase", "jamarr-chase"],
    ["Ja’Marr Chase", "jamarr-chase"],
    ["Luka Dončić", "luka-doncic"],
    ["Luka Doncic", "luka-doncic"],
    ["Nikola Jokić", "nikola-jokic"],
    ["Martin Ødegaard", "martin-odegaard"],
    ["Wendell Carter Jr.", "wendell-carter"],
    ["Wendell Carter Jr", "wendell-carter"],
    ["Wendell Carter", "wendell-carter"],
    ["Trey Murphy III", "trey-murphy"],
    ["Gary Payton II", "gary-payton"],
    ["C.J. McCollum", "cj-mccollum"],
    ["CJ McCollum", "cj-mccollum"],
    ["Karl-Anthony Towns", "karl-anthony-towns"],
    ["Karl Anthony Towns", "karl-anthony-towns"],
    ["  KARL  anthony   towns ", "karl-anthony-towns"],
  ])("%s → %s", (name, id) => {
    expect(playerIdOf(name)).toBe(id);
  });

  it("keeps a suffix-like last word when it is one of only two words", () => {
    expect(playerIdOf("Jr Smith")).toBe("jr-smith");
    expect(playerIdOf("Malcolm V")).toBe("malcolm-v");
  });

  it("gives the empty id to a name with no letters or digits", () => {
    expect(playerIdOf(" - . ")).toBe("");
  });
});

describe("resolvePlayer", () => {
  const nameMap = {
    "J. Isaac": { id: "jonathan-isaac", name: "Jonathan Isaac" },
    "Michael Porter Jr.": { id: "michael-porter-jr-den", name: "Michael Porter Jr." },
  };

  it("takes the name map's player for the feed's exact spelling", () => {
    expect(resolvePlayer("J. Isaac", nameMap)).toEqual({ id: "jonathan-isaac", name: "Jonathan Isaac" });
  });

  it("takes the name map's player for another spelling with the same slug", () => {
    expect(resolvePlayer("Michael Porter", nameMap)).toEqual({ id: "michael-porter-jr-den", name: "Michael Porter Jr." });
    expect(resolvePlayer("J Isaac", nameMap)).toEqual({ id: "jonathan-isaac", name: "Jonathan Isaac" });
  });

  it("keeps the slug and the feed's spelling (spaces tidied) for a name the map does not know", () => {
    expect(resolvePlayer("  Caris   LeVert ", nameMap)).toEqual({ id: "caris-levert", name: "Caris LeVert" });
  });

  it("does not read the map's inherited properties as entries", () => {
    expect(resolvePlayer("constructor", {})).toEqual({ id: "constructor", name: "constructor" });
  });
});
