// A share card's text fits its room: the state's pill is as wide as its label measured in
// the card font plus padding, so "CASHED OUT" is drawn whole (it was cut to "ASHED OU" in a
// pill of fixed width), and long handles, team names and figures end in "…" where their
// room ends instead of running off the card or under their neighbours.
import { Resvg } from "@resvg/resvg-wasm";
import { describe, expect, it } from "vitest";
import type { PublicPick, PublicProfile } from "../../src/shared/schemas/social";
import { CARD_WIDTH, fitText, TEXT_ROOM } from "../../worker/share-cards/card-svg";
import fontData from "../../worker/share-cards/font/dejavu-sans-bold.bin";
import { textWidth } from "../../worker/share-cards/font-metrics";
import { CARD_STATES, PILL_FONT, PILL_PADDING, pickCardSvg, STATE_BADGE, type CardState } from "../../worker/share-cards/pick-card-svg";
import { profileCardSvg } from "../../worker/share-cards/profile-card-svg";
import { svgToPng } from "../../worker/share-cards/rasterise";
import { leg } from "./settlement-fixtures";

const RESULT = { open: null, won: "win", lost: "loss", push: "push", void: "void", "cashed-out": "cashed_out" } as const;

function pickIn(state: CardState, overrides: Partial<PublicPick> = {}): PublicPick {
  return {
    id: "bet-1",
    wallet: "coins",
    kind: "Singles",
    status: state === "open" ? "open" : "settled",
    result: RESULT[state],
    stake: 200,
    toWin: 300,
    payoutPaid: 0,
    createdAt: 0,
    settledAt: null,
    legs: [leg({ eventId: "game-1", home: "Boston Celtics", away: "Los Angeles Lakers", priceAm: 150 })],
    legResults: [null],
    owner: { handle: "ada" },
    ...overrides,
  };
}

/** The texts of the card's <text> elements, in order, unescaped. */
function textsOf(svg: string): string[] {
  return [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replaceAll("&amp;", "&").replaceAll("&apos;", "'"));
}

/** The pill: the one rect with round ends, and the label drawn in its middle. */
function pillOf(svg: string): { x: number; width: number; labelX: number; label: string } {
  const rect = /<rect x="([\d.]+)" y="48" width="([\d.]+)" height="80" rx="40"/.exec(svg)!;
  const label = /<text x="([\d.]+)" y="103" font-size="44"[^>]*>([^<]*)<\/text>/.exec(svg)!;
  return { x: Number(rect[1]), width: Number(rect[2]), labelX: Number(label[1]), label: label[2]! };
}

describe("the state's pill", () => {
  it("is wider than its label's measured width plus padding, for every state", () => {
    for (const state of CARD_STATES) {
      const pill = pillOf(pickCardSvg(pickIn(state)));
      const label = STATE_BADGE[state].label;
      expect(pill.label).toBe(label);
      expect(pill.width).toBeGreaterThanOrEqual(textWidth(label, PILL_FONT) + 2 * PILL_PADDING);
      expect(pill.labelX).toBe(pill.x + pill.width / 2);
      // Right-aligned at the card's margin, clear of the "Vantage" name beside the mark.
      expect(pill.x + pill.width).toBe(CARD_WIDTH - 72);
      expect(pill.x).toBeGreaterThan(170 + textWidth("Vantage", 40));
    }
  });

  it("holds every label as resvg draws it, clear of its round ends", async () => {
    // Instantiates resvg in this isolate, as a card request would.
    await svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    const font = new Uint8Array(fontData);
    for (const state of CARD_STATES) {
      const pill = pillOf(pickCardSvg(pickIn(state)));
      const alone = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="630" font-family="DejaVu Sans" font-weight="bold"><text x="${pill.labelX}" y="103" font-size="${PILL_FONT}" text-anchor="middle">${pill.label}</text></svg>`;
      const resvg = new Resvg(alone, { font: { fontBuffers: [font], defaultFontFamily: "DejaVu Sans" } });
      const drawn = resvg.getBBox()!;
      resvg.free();
      expect(drawn.width).toBeGreaterThan(0);
      expect(drawn.x).toBeGreaterThanOrEqual(pill.x + 40);
      expect(drawn.x + drawn.width).toBeLessThanOrEqual(pill.x + pill.width - 40);
    }
  });
});

describe("long text on a card", () => {
  it("an over-long team name is shortened with '…' and the line keeps its odds", () => {
    const long = "The Extraordinarily Long Named Athletic Football Club of Somewhere Far Away";
    const svg = pickCardSvg(
      pickIn("won", { legs: [leg({ eventId: "game-1", home: long, away: "Lakers", priceAm: 150 })], legResults: ["win"] }),
    );
    const [selection, matchup] = textsOf(svg).filter((t) => t.includes("The Extraordinarily"));
    expect(selection).toMatch(/^✓ The Extraordinarily .+… \(\+150\)$/);
    expect(textWidth(selection!, 30)).toBeLessThanOrEqual(TEXT_ROOM);
    expect(matchup).toMatch(/^Lakers @ The Extraordinarily .+…$/);
    expect(textWidth(matchup!, 22)).toBeLessThanOrEqual(TEXT_ROOM);
  });

  it("a player's market names the player, the side and line, and the market", () => {
    const prop = leg({
      eventId: "game-1",
      market: "Prop",
      side: "Over",
      line: 22.5,
      priceAm: -115,
      prop: { playerId: "paolo-banchero", player: "Paolo Banchero", marketKey: "player_points", label: "Points" },
    });
    const texts = textsOf(pickCardSvg(pickIn("open", { legs: [prop], legResults: [null] })));
    expect(texts.some((t) => t.endsWith("Paolo Banchero Over 22.5 Points (-115)"))).toBe(true);
  });

  it("names and figures that fit are drawn whole", () => {
    const texts = textsOf(pickCardSvg(pickIn("open")));
    expect(texts).toContain("@ada");
    expect(texts).toContain("Boston Celtics (+150)");
    expect(texts).toContain("Los Angeles Lakers @ Boston Celtics");
    expect(texts.some((t) => t.includes("…"))).toBe(false);
  });

  it("the widest handle and a huge figure on a profile card stay in their room", () => {
    const figures = {
      settledCount: 12,
      winRate: 0.5,
      longestWinStreak: 3,
      averagePickDecimal: null,
      totalPicks: 12,
      biggestWin: 123_456_789_012,
      mostPickedSport: null,
    };
    const profile: PublicProfile = {
      handle: "w".repeat(20),
      memberSince: Date.UTC(2026, 0, 15),
      statistics: { coins: figures, cash: null },
      picks: [],
      followers: 3,
    };
    const texts = textsOf(profileCardSvg(profile));
    const handle = texts.find((t) => t.startsWith("@w"))!;
    expect(handle.endsWith("…")).toBe(true);
    expect(textWidth(handle, 64)).toBeLessThanOrEqual(TEXT_ROOM);
    const biggest = texts[texts.indexOf("Biggest win") + 1]!;
    expect(biggest).toMatch(/^123,456,.*…$/);
    expect(textWidth(biggest, 40)).toBeLessThanOrEqual(272 - 24);
  });

  it("fitText keeps what fits and ends what does not with an ellipsis", () => {
    expect(fitText("Celtics", 30, 500)).toBe("Celtics");
    const cut = fitText("Celtics Lakers Warriors", 30, textWidth("Celtics Lak", 30));
    expect(cut).toMatch(/^Celtics.*…$/);
    expect(textWidth(cut, 30)).toBeLessThanOrEqual(textWidth("Celtics Lak", 30));
  });
});
