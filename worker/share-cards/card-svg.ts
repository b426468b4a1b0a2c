// What every share card has in common: 1200×630 (the size link previews use), the dark
// ground with a coloured edge, the Vantage mark and name, and the entertainment-only line.
// Plain text and shapes only: the rasteriser (rasterise.ts) has no layout engine, so
// callers fit long text to its room themselves, measured in the card font (font-metrics.ts).
import { textWidth } from "./font-metrics";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** The width a line of text may take between the card's 72 px margins. */
export const TEXT_ROOM = CARD_WIDTH - 2 * 72;

export function escapeXml(content: string): string {
  return content.replace(/[<>&"']/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch]!);
}

/**
 * `content` as it fits in `maxWidth` px at `size` px: whole when it fits, else as many
 * characters as fit before a "…". Text past its room would be drawn over its neighbours or
 * off the card.
 */
export function fitText(content: string, size: number, maxWidth: number): string {
  if (textWidth(content, size) <= maxWidth) return content;
  const room = maxWidth - textWidth("…", size);
  let kept = "";
  for (const ch of content) {
    if (textWidth(kept + ch, size) > room) break;
    kept += ch;
  }
  return `${kept.trimEnd()}…`;
}

export function text(
  x: number,
  y: number,
  size: number,
  fill: string,
  content: string,
  anchor: "start" | "end" | "middle" = "start",
): string {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}" text-anchor="${anchor}">${escapeXml(content)}</text>`;
}

/** The ground, the edge in `accent`, and the mark of public/favicon.svg (72 px) with the name. */
export function cardFrame(accent: string): string[] {
  return [
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#0b1220"/>`,
    `<rect x="0" y="0" width="16" height="${CARD_HEIGHT}" fill="${accent}"/>`,
    `<g transform="translate(72 48) scale(1.125)"><rect width="64" height="64" rx="14" fill="#132036"/><path d="M16 16h9l7 22 7-22h9L37 48H27z" fill="#3ddc84"/></g>`,
    text(170, 100, 40, "#e6edf6", "Vantage"),
  ];
}

/** The card's SVG document: `parts` on the frame, with the entertainment-only line at the foot. */
export function cardSvg(parts: readonly string[]): string {
  const foot = text(72, 600, 20, "#8fa0b8", "Entertainment only · played with virtual currency");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="DejaVu Sans" font-weight="bold">${parts.join("")}${foot}</svg>`;
}
