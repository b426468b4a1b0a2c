// `node scripts/make-icons.mjs`: draws the installable app's PNG icons (public/icons/)
// from the same mark as public/favicon.svg, with resvg (the rasteriser the share cards
// use). The PNGs are committed, so builds need nothing; rerun after changing the mark.
// The maskable icon keeps the mark inside the central 80% safe zone on a full bleed.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";

const require = createRequire(import.meta.url);
await initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));

const MARK = '<path d="M16 16h9l7 22 7-22h9L37 48H27z" fill="#3ddc84"/>';
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b1220"/>${MARK}</svg>`;
// Full bleed, the mark scaled to 60% around the centre (inside the 80% safe circle).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0b1220"/><g transform="translate(32 32) scale(0.6) translate(-32 -32)">${MARK}</g></svg>`;

const icons = [
  ["icon-192.png", rounded, 192],
  ["icon-512.png", rounded, 512],
  ["maskable-512.png", maskable, 512],
  ["apple-touch-icon.png", maskable, 180],
];
for (const [name, svg, size] of icons) {
  const png = new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
  writeFileSync(new URL(`../public/icons/${name}`, import.meta.url), png);
  console.log(`public/icons/${name}: ${size}×${size}, ${png.length} bytes`);
}
