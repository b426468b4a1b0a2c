// Why a live market is not offered, as the Worker sends it (an Event's `suspended`, the
// leg of a 409 `market-suspended`) and the SPA shows it. Its own module, free of zod, so
// the board's card can name the reasons without pulling the wire schemas into the main
// bundle (the SPA loads those lazily).

/**
 * The game is over, past its close window, its score not coming in (the scores feed has not
 * listed the game since it started), its score changed after the book's price, or the book
 * has not confirmed the price recently; listed in the order the live rules (live-rules.ts)
 * check them.
 */
export const SUSPENSION_REASONS = ["over", "closing", "no-score", "score-change", "price-age"] as const;
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number];
