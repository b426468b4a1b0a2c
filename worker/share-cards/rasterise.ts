// SVG to PNG at the edge with resvg compiled to WebAssembly (@resvg/resvg-wasm): small
// enough for the Worker's size limit where a full layout engine is not. The module is
// compiled by the bundler (a CompiledWasm import) and instantiated once per isolate; the
// embedded font (DejaVu Sans Bold, licence beside it in font/) is the only one it knows,
// so a card looks the same wherever it is drawn.
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgModule from "@resvg/resvg-wasm/index_bg.wasm";
import fontData from "./font/dejavu-sans-bold.bin";

let ready: Promise<void> | null = null;

function instantiate(): Promise<void> {
  ready ??= initWasm(resvgModule).catch((err: unknown) => {
    // Already instantiated by an earlier copy of this module in the isolate: usable.
    if (err instanceof Error && /Already initialized/i.test(err.message)) return;
    ready = null;
    throw err;
  });
  return ready;
}

const font = new Uint8Array(fontData);

export async function svgToPng(svg: string): Promise<Uint8Array> {
  await instantiate();
  const resvg = new Resvg(svg, {
    font: { fontBuffers: [font], defaultFontFamily: "DejaVu Sans" },
    fitTo: { mode: "original" },
  });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
