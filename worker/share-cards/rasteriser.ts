// The share cards' SVG → PNG rasteriser, loaded on the first card drawn: its WebAssembly
// is compiled only where cards are drawn (worker/on-demand.ts says why it is kept as a value).
import { onDemand } from "../on-demand";

export const rasteriser = onDemand(() => import("./rasterise"));
