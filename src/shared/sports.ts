// The eight sports of the board, keyed as The Odds API names them. One list that the
// SPA's sport menu, the Worker's query validation and the feed providers all share.
export const SPORTS = [
  { key: "americanfootball_nfl", label: "NFL", periods: 4, drawPossible: false },
  { key: "basketball_nba", label: "NBA", periods: 4, drawPossible: false },
  { key: "baseball_mlb", label: "MLB", periods: 9, drawPossible: false },
  { key: "icehockey_nhl", label: "NHL", periods: 3, drawPossible: false },
  { key: "americanfootball_ncaaf", label: "NCAAF", periods: 4, drawPossible: false },
  { key: "basketball_ncaab", label: "NCAAB", periods: 2, drawPossible: false },
  { key: "soccer_usa_mls", label: "Soccer", periods: 2, drawPossible: true },
  { key: "mma_mixed_martial_arts", label: "MMA", periods: 3, drawPossible: false },
] as const;

export type Sport = (typeof SPORTS)[number];
export type SportKey = Sport["key"];

export const SPORT_KEYS = SPORTS.map((s) => s.key) as [SportKey, ...SportKey[]];

export function isSportKey(value: string): value is SportKey {
  return (SPORT_KEYS as readonly string[]).includes(value);
}

export function sportByKey(key: SportKey): Sport {
  const sport = SPORTS.find((s) => s.key === key);
  if (!sport) throw new RangeError(`unknown sport ${key}`);
  return sport;
}

export function sportLabel(key: string): string {
  return SPORTS.find((s) => s.key === key)?.label ?? key;
}
