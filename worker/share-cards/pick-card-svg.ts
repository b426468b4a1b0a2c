// The share card of a pick as an SVG template, 1200×630 (card-svg.ts):
// the owner's handle, the slip's legs with their odds, the stake, and its state (open,
// won, lost, push, void, cashed out), drawn large so a preview made after settlement shows the
// result. Plain text and shapes only: the rasteriser (rasterise.ts) has no layout
// engine, so the state's pill is as wide as its measured label, long names end in "…" where
// their room ends, and at most MAX_LEGS legs are listed.
import { formatAmount } from "../../src/shared/money";
import type { BetLeg } from "../../src/shared/schemas/bets";
import type { PublicPick } from "../../src/shared/schemas/social";
import { CARD_WIDTH, cardFrame, cardSvg, fitText, text, TEXT_ROOM } from "./card-svg";
import { textWidth } from "./font-metrics";

const MAX_LEGS = 3;

export const CARD_STATES = ["open", "won", "lost", "push", "void", "cashed-out"] as const;
export type CardState = (typeof CARD_STATES)[number];

/** The state a card shows: the bet's result once settled, else open. */
export function pickCardState(pick: Pick<PublicPick, "status" | "result">): CardState {
  if (pick.status === "open" || pick.result === null) return "open";
  return ({ win: "won", loss: "lost", push: "push", void: "void", cashed_out: "cashed-out" } as const)[pick.result];
}

export const STATE_BADGE: Record<CardState, { label: string; fill: string; text: string }> = {
  open: { label: "OPEN", fill: "#2563eb", text: "#ffffff" },
  won: { label: "WON", fill: "#3ddc84", text: "#0b1220" },
  lost: { label: "LOST", fill: "#ef4444", text: "#ffffff" },
  push: { label: "PUSH", fill: "#64748b", text: "#ffffff" },
  void: { label: "VOID", fill: "#64748b", text: "#ffffff" },
  "cashed-out": { label: "CASHED OUT", fill: "#f59e0b", text: "#0b1220" },
};

/** The state's pill: its label's size, and the colour each side of the label, a little more than the round ends' 40 px radius. */
export const PILL_FONT = 44;
export const PILL_PADDING = 44;

/** The pill of `state`, right-aligned at the card's margin, as wide as its label and padding. */
export function statePill(state: CardState): { x: number; width: number } {
  const width = Math.ceil(textWidth(STATE_BADGE[state].label, PILL_FONT) + 2 * PILL_PADDING);
  return { x: CARD_WIDTH - 72 - width, width };
}

const americanOdds = (price: number) => (price > 0 ? `+${price}` : String(price));

function signedLine(line: number | null): string {
  if (line === null) return "";
  return line > 0 ? ` +${line}` : ` ${line}`;
}

/**
 * A leg's pick as a name (the team, Over, Under or Draw; a player's market names the
 * player) and what follows it: the line (and a prop's market) and the odds.
 */
function selectionParts(leg: BetLeg): { name: string; rest: string } {
  const odds = ` (${americanOdds(leg.priceAm)})`;
  if (leg.market === "Prop") {
    const player = leg.prop?.player ?? "Player";
    const label = leg.prop?.label ?? "prop";
    if (leg.side === "Yes") return { name: player, rest: ` ${label}${odds}` };
    return { name: player, rest: ` ${leg.side}${leg.line === null ? "" : ` ${leg.line}`} ${label}${odds}` };
  }
  if (leg.market === "Total") return { name: leg.side, rest: `${leg.line === null ? "" : ` ${leg.line}`}${odds}` };
  const name = leg.side === "Home" ? leg.home : leg.side === "Away" ? leg.away : leg.side;
  return { name, rest: `${leg.market === "Spread" ? signedLine(leg.line) : ""}${odds}` };
}

/** "Celtics -3.5 (-110)", "Over 220.5 (-105)", "Lakers (+150)", "Draw (+240)", "Paolo Banchero Over 22.5 Points (-115)". */
export function legSelection(leg: BetLeg): string {
  const { name, rest } = selectionParts(leg);
  return `${name}${rest}`;
}

/** The leg's line on the card at `size` px: a long team name gives way, the line and odds stay whole. */
function legLine(mark: string, leg: BetLeg, size: number): string {
  const { name, rest } = selectionParts(leg);
  return `${mark}${fitText(name, size, TEXT_ROOM - textWidth(`${mark}${rest}`, size))}${rest}`;
}

/** "Away @ Home" at `size` px: when it does not fit, each team keeps at least half the room. */
function matchupLine(away: string, home: string, size: number): string {
  const whole = `${away} @ ${home}`;
  if (textWidth(whole, size) <= TEXT_ROOM) return whole;
  const room = TEXT_ROOM - textWidth(" @ ", size);
  const homeText = fitText(home, size, Math.max(room / 2, room - textWidth(away, size)));
  return `${fitText(away, size, room - textWidth(homeText, size))} @ ${homeText}`;
}

export function pickCardSvg(pick: PublicPick): string {
  const state = pickCardState(pick);
  const badge = STATE_BADGE[state];
  const pill = statePill(state);
  const title = pick.kind === "Parlay" ? `Parlay · ${pick.legs.length} legs` : "Single";
  const more = pick.legs.length > MAX_LEGS ? `+ ${pick.legs.length - MAX_LEGS} more` : null;
  const parts: string[] = [
    ...cardFrame(badge.fill),
    `<rect x="${pill.x}" y="48" width="${pill.width}" height="80" rx="40" fill="${badge.fill}"/>`,
    text(pill.x + pill.width / 2, 103, PILL_FONT, badge.text, badge.label, "middle"),
    text(72, 180, 30, "#b8c4d6", fitText(`@${pick.owner.handle}`, 30, TEXT_ROOM)),
    text(72, 236, 48, "#e6edf6", fitText(title, 48, TEXT_ROOM - (more ? textWidth(more, 24) + 24 : 0))),
  ];
  if (more) parts.push(text(CARD_WIDTH - 72, 236, 24, "#8fa0b8", more, "end"));
  pick.legs.slice(0, MAX_LEGS).forEach((leg, i) => {
    const y = 296 + i * 76;
    const result = pick.legResults[i];
    const mark = result === "win" ? "✓ " : result === "loss" ? "✗ " : "";
    parts.push(text(72, y, 30, result === "loss" ? "#f87171" : "#3ddc84", legLine(mark, leg, 30)));
    parts.push(text(72, y + 28, 22, "#8fa0b8", matchupLine(leg.away, leg.home, 22)));
  });
  const money =
    state === "open"
      ? `Stake ${formatAmount(pick.wallet, pick.stake)} · To win ${formatAmount(pick.wallet, pick.toWin)}`
      : `Stake ${formatAmount(pick.wallet, pick.stake)} · Paid ${formatAmount(pick.wallet, pick.payoutPaid)}`;
  parts.push(`<rect x="72" y="505" width="${TEXT_ROOM}" height="2" fill="#22324d"/>`);
  parts.push(text(72, 556, 34, "#e6edf6", fitText(money, 34, TEXT_ROOM)));
  return cardSvg(parts);
}
