// How wide the share cards' one font (DejaVu Sans Bold, font/) draws a text: each
// character's advance read from the font file's own tables, cmap (character to glyph) and
// hmtx (glyph to advance), so the cards measure with the numbers resvg draws with, and a
// change of font changes the measure with it. Kerning is left out: in this font it mostly
// narrows a pair and widens one by at most 0.07 em, which the room kept around text covers.
import fontData from "./font/dejavu-sans-bold.bin";

type Metrics = { unitsPerEm: number; advanceOf: (codePoint: number) => number };

let metrics: Metrics | null = null;

/** Where the table named `tag` starts in the font file. */
function tableOffset(view: DataView, tag: string): number {
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const name = String.fromCharCode(...[0, 1, 2, 3].map((k) => view.getUint8(record + k)));
    if (name === tag) return view.getUint32(record + 8);
  }
  throw new Error(`The card font has no ${tag} table.`);
}

function readMetrics(): Metrics {
  const view = new DataView(fontData);
  const unitsPerEm = view.getUint16(tableOffset(view, "head") + 18);
  const advances = view.getUint16(tableOffset(view, "hhea") + 34);
  const hmtx = tableOffset(view, "hmtx");
  const cmap = tableOffset(view, "cmap");

  // The subtable for all of Unicode (platform 3, encoding 10) in format 12: sorted groups of
  // consecutive characters with consecutive glyphs.
  let groups = -1;
  for (let i = 0; i < view.getUint16(cmap + 2); i++) {
    const record = cmap + 4 + i * 8;
    if (view.getUint16(record) === 3 && view.getUint16(record + 2) === 10) groups = cmap + view.getUint32(record + 4);
  }
  if (groups < 0 || view.getUint16(groups) !== 12) throw new Error("The card font has no format 12 Unicode cmap.");
  const groupCount = view.getUint32(groups + 12);

  const glyphOf = (codePoint: number): number => {
    let low = 0;
    let high = groupCount - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const group = groups + 16 + middle * 12;
      const first = view.getUint32(group);
      if (codePoint < first) high = middle - 1;
      else if (codePoint > view.getUint32(group + 4)) low = middle + 1;
      else return view.getUint32(group + 8) + codePoint - first;
    }
    // Not in the font: resvg draws the missing-glyph box, glyph 0.
    return 0;
  };
  // Glyphs past the last advance share it (monospaced runs at the end of the font).
  const advanceOf = (codePoint: number) => view.getUint16(hmtx + 4 * Math.min(glyphOf(codePoint), advances - 1));
  return { unitsPerEm, advanceOf };
}

/** The width in pixels of `content` drawn at `size` px in the card font. */
export function textWidth(content: string, size: number): number {
  metrics ??= readMetrics();
  let units = 0;
  for (const ch of content) units += metrics.advanceOf(ch.codePointAt(0)!);
  return (units * size) / metrics.unitsPerEm;
}
