// The players' markets Vantage offers per sport: The Odds API's market keys for US books,
// how each is bet (over/under a line, or a "yes" price) and the statistic of the player's
// box score it is graded on. A market the feed does not quote for a game is simply not
// offered; a sport without entries (MMA) has no props.
import type { SportKey } from "../sports";
import type { PropKind } from "../schemas/props";

/** The statistics props grade on, as a box score's `stats` keys them. */
export const PROP_STATS = [
  "pass_yds",
  "rush_yds",
  "rec_yds",
  "receptions",
  "tds",
  "points",
  "rebounds",
  "assists",
  "threes",
  "strikeouts",
  "hits",
  "total_bases",
  "home_runs",
  "shots_on_goal",
  "goals",
] as const;
export type PropStat = (typeof PROP_STATS)[number];

export type PropMarketInfo = {
  key: string;
  label: string;
  kind: PropKind;
  stat: PropStat;
  /** Voided unless the player started (a pitcher's props), rather than merely took part. */
  needsStart?: boolean;
  /**
   * Lines at which this market is the same event as another market of the same player (at
   * least one total base is at least one hit): offered only where that market is not, so
   * no pair of its sides covers every outcome at two books' prices (normaliseProps).
   */
  sameEventAs?: readonly { line: number; marketKey: string }[];
};

const FOOTBALL: readonly PropMarketInfo[] = [
  { key: "player_pass_yds", label: "Passing yards", kind: "over-under", stat: "pass_yds" },
  { key: "player_rush_yds", label: "Rushing yards", kind: "over-under", stat: "rush_yds" },
  { key: "player_reception_yds", label: "Receiving yards", kind: "over-under", stat: "rec_yds" },
  { key: "player_receptions", label: "Receptions", kind: "over-under", stat: "receptions" },
  { key: "player_anytime_td", label: "Anytime touchdown", kind: "yes", stat: "tds" },
];

const BASKETBALL: readonly PropMarketInfo[] = [
  { key: "player_points", label: "Points", kind: "over-under", stat: "points" },
  { key: "player_rebounds", label: "Rebounds", kind: "over-under", stat: "rebounds" },
  { key: "player_assists", label: "Assists", kind: "over-under", stat: "assists" },
  { key: "player_threes", label: "Threes made", kind: "over-under", stat: "threes" },
];

/** Every sport's players' markets, in the order a game page lists them. */
export const PROP_MARKETS: Readonly<Record<SportKey, readonly PropMarketInfo[]>> = {
  americanfootball_nfl: FOOTBALL,
  americanfootball_ncaaf: FOOTBALL,
  basketball_nba: BASKETBALL,
  basketball_ncaab: BASKETBALL,
  baseball_mlb: [
    { key: "pitcher_strikeouts", label: "Strikeouts (pitcher)", kind: "over-under", stat: "strikeouts", needsStart: true },
    { key: "batter_hits", label: "Hits", kind: "over-under", stat: "hits" },
    {
      key: "batter_total_bases",
      label: "Total bases",
      kind: "over-under",
      stat: "total_bases",
      sameEventAs: [{ line: 0.5, marketKey: "batter_hits" }],
    },
    { key: "batter_home_runs", label: "Home runs", kind: "over-under", stat: "home_runs" },
  ],
  icehockey_nhl: [
    { key: "player_points", label: "Points", kind: "over-under", stat: "points" },
    { key: "player_shots_on_goal", label: "Shots on goal", kind: "over-under", stat: "shots_on_goal" },
    { key: "player_goal_scorer_anytime", label: "Anytime goalscorer", kind: "yes", stat: "goals" },
  ],
  soccer_usa_mls: [{ key: "player_goal_scorer_anytime", label: "Anytime goalscorer", kind: "yes", stat: "goals" }],
  mma_mixed_martial_arts: [],
};

/** The market of `key` in `sport`, or undefined when Vantage does not offer it there. */
export function propMarket(sport: SportKey, key: string): PropMarketInfo | undefined {
  return PROP_MARKETS[sport].find((market) => market.key === key);
}

/** The feed's `markets` parameter for one sport's props (empty when the sport has none). */
export function propMarketKeys(sport: SportKey): string[] {
  return PROP_MARKETS[sport].map((market) => market.key);
}
