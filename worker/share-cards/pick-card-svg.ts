// The share card of a pick as an SVG template, 1200×630 (card-svg.ts):
// the owner's handle, the slip's legs with their odds, the stake, and its state (open,
// won, lost, push, void, cashed out), drawn large so a preview made after settlement shows the
// result. Plain text and shapes only: the rasteriser (rasterise.ts) has no layout
// engine, so long names are shortened here and at most MAX_LEGS legs are listed.
import { formatAmount } from "../../src/shared/money";
import type { BetLeg } from "../../src/shared/schemas/bets";
import type { PublicPick } from "../../src/shared/schemas/social";
import { CARD_WIDTH, cardFrame, cardSvg, shorten, text } from "./card-svg";

const MAX_LEGS = 3;

export const CARD_STATES = ["open", "won", "lost", "push", "void", "cashed-out"] as const;
export type CardState = (typeof CARD_STATES)[number];

/** The state a card shows: the bet's result once settled, else open. */
export function pickCardState(pick: Pick<PublicPick, "status" | "result">): CardState {
  if (pick.status === "open" || pick.result === null) return "open";
  return ({ win: "won", loss: "lost", push: "push", void: "void", cashed_out: "cashed-out" } as const)[pick.result];
}

const BADGE: Record<CardState, { label: string; fill: string; text: string }> = {
  open: { label: "OPEN", fill: "#2563eb", text: "#ffffff" },
  won: { label: "WON", fill: "#3ddc84", text: "#0b1220" },
  lost: { label: "LOST", fill: "#ef4444", text: "#ffffff" },
  push: { label: "PUSH", fill: "#64748b", text: "#ffffff" },
  void: { label: "VOID", fill: "#64748b", text: "#ffffff" },
  "cashed-out": { label: "CASHED OUT", fill: "#f59e0b", text: "#0b1220" },
};

const americanOdds = (price: number) => (price > 0 ? `+${price}` : String(price));

function signedLine(line: number | null): string {
  if (line === null) return "";
  return line > 0 ? ` +${line}` : ` ${line}`;
}

/** "Celtics -3.5 (-110)", "Over 220.5 (-105)", "Lakers (+150)". */
export function legSelection(leg: BetLeg): string {
  const team = leg.side === "Home" ? leg.home : leg.side === "Away" ? leg.away : null;
  const pick =
    leg.market === "Total"
      ? `${leg.side}${leg.line === null ? "" : ` ${leg.line}`}`
      : `${team}${leg.market === "Spread" ? signedLine(leg.line) : ""}`;
  return `${pick} (${americanOdds(leg.priceAm)})`;
}

export function pickCardSvg(pick: PublicPick): string {
  const state = pickCardState(pick);
  const badge = BADGE[state];
  const title = pick.kind === "Parlay" ? `Parlay · ${pick.legs.length} legs` : "Single";
  const parts: string[] = [
    ...cardFrame(badge.fill),
    `<rect x="${CARD_WIDTH - 72 - 220}" y="48" width="220" height="80" rx="40" fill="${badge.fill}"/>`,
    text(CARD_WIDTH - 72 - 110, 103, 44, badge.text, badge.label, "middle"),
    text(72, 180, 30, "#b8c4d6", `@${shorten(pick.owner.handle, 40)}`),
    text(72, 236, 48, "#e6edf6", title),
  ];
  if (pick.legs.length > MAX_LEGS) parts.push(text(CARD_WIDTH - 72, 236, 24, "#8fa0b8", `+ ${pick.legs.length - MAX_LEGS} more`, "end"));
  pick.legs.slice(0, MAX_LEGS).forEach((leg, i) => {
    const y = 296 + i * 76;
    const result = pick.legResults[i];
    const mark = result === "win" ? "✓ " : result === "loss" ? "✗ " : "";
    parts.push(text(72, y, 30, result === "loss" ? "#f87171" : "#3ddc84", shorten(`${mark}${legSelection(leg)}`, 60)));
    parts.push(text(72, y + 28, 22, "#8fa0b8", shorten(`${leg.away} @ ${leg.home}`, 80)));
  });
  const money =
    state === "open"
      ? `Stake ${formatAmount(pick.wallet, pick.stake)} · To win ${formatAmount(pick.wallet, pick.toWin)}`
      : `Stake ${formatAmount(pick.wallet, pick.stake)} · Paid ${formatAmount(pick.wallet, pick.payoutPaid)}`;
  parts.push(`<rect x="72" y="505" width="${CARD_WIDTH - 144}" height="2" fill="#22324d"/>`);
  parts.push(text(72, 556, 34, "#e6edf6", money));
  return cardSvg(parts);
}
