// The bookmakers whose prices Vantage offers, best first: the board takes one book per event
// and a player's market one book per prop, by this order (then the book quoting most). Shared
// so the Worker's board and props normalisation and their tests read one list.
export const BOOKMAKER_PREFERENCE = [
  "draftkings",
  "fanduel",
  "betmgm",
  "williamhill_us",
  "espnbet",
  "fanatics",
  "betrivers",
  "ballybet",
  "hardrockbet",
  "bovada",
  "betonlineag",
  "mybookieag",
  "lowvig",
  "betus",
] as const;
