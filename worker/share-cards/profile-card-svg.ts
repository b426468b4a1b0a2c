// The share card of a public profile, 1200×630 (card-svg.ts): the handle, how long the
// player has been here and their followers, and the figures the profile page shows for
// Coins (and for Vantage Cash when the player shows those results). Its URL carries a
// version of exactly what is drawn (profileCardVersion), so a preview fetched after the
// figures change is a new URL, like a pick card's state.
import { formatMoney } from "../../src/shared/money";
import type { PublicProfile } from "../../src/shared/schemas/social";
import { cardFrame, cardSvg, fitText, text, TEXT_ROOM } from "./card-svg";

type Figures = PublicProfile["statistics"]["coins"];

/** "November 2026", in Eastern time like the rest of the book. */
export function memberSinceText(ms: number): string {
  return new Date(ms).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "America/New_York" });
}

const percent = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 100)}%`);

/** How far apart the figure columns are, and the room a figure has in its column. */
const COLUMN = 272;
const FIGURE_ROOM = COLUMN - 24;

/** The four figures of one wallet: label above, value below, in columns from `y`. */
function figureRow(y: number, wallet: "coins" | "cash", figures: Figures): string[] {
  const cells: [string, string][] = [
    ["Settled picks", String(figures.settledCount)],
    ["Won", percent(figures.winRate)],
    ["Best streak", String(figures.longestWinStreak)],
    // The row's heading names the currency, so the amount goes without it.
    ["Biggest win", figures.biggestWin === null ? "—" : formatMoney(wallet, figures.biggestWin)],
  ];
  return cells.flatMap(([label, value], i) => {
    const x = 72 + i * COLUMN;
    return [text(x, y, 22, "#8fa0b8", label), text(x, y + 46, 40, "#e6edf6", fitText(value, 40, FIGURE_ROOM))];
  });
}

/** What the card draws, as text: its version is a digest of this, so equal cards share a URL. */
function drawnFigures(profile: PublicProfile): string {
  const { coins, cash } = profile.statistics;
  const row = (f: Figures | null) => (f ? [f.settledCount, f.winRate, f.longestWinStreak, f.biggestWin].join(",") : "-");
  return [profile.handle, memberSinceText(profile.memberSince), profile.followers, row(coins), row(cash)].join("|");
}

/** A short, stable version of what the card shows (FNV-1a, 32 bits, hex). */
export function profileCardVersion(profile: PublicProfile): string {
  let hash = 0x811c9dc5;
  for (const ch of drawnFigures(profile)) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

export function profileCardSvg(profile: PublicProfile): string {
  const { coins, cash } = profile.statistics;
  const followers = `${profile.followers} ${profile.followers === 1 ? "follower" : "followers"}`;
  const parts = [
    ...cardFrame("#3ddc84"),
    text(72, 214, 64, "#e6edf6", fitText(`@${profile.handle}`, 64, TEXT_ROOM)),
    text(72, 262, 26, "#b8c4d6", fitText(`Member since ${memberSinceText(profile.memberSince)} · ${followers}`, 26, TEXT_ROOM)),
    text(72, 322, 26, "#3ddc84", "Coins"),
    ...figureRow(358, "coins", coins),
  ];
  if (cash) parts.push(text(72, 456, 26, "#f59e0b", "Vantage Cash"), ...figureRow(492, "cash", cash));
  return cardSvg(parts);
}
