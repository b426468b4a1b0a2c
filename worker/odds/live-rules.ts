// The live settings of this configuration as the SPA needs them (GET /api/sports): the
// live board cadence it polls at, and each sport's live-bet delay it counts down. The
// placement route holds live bets by the same numbers (src/shared/live-rules.ts).
import { betDelayFor, type LiveRules } from "../../src/shared/live-rules";
import { SPORT_KEYS, type SportKey } from "../../src/shared/sports";
import type { Tunables } from "../tunables";

export function liveRulesOf(rules: Tunables): LiveRules {
  const betDelaySeconds = Object.fromEntries(
    SPORT_KEYS.map((sport) => [sport, betDelayFor(sport, rules.LIVE_BET_DELAY_SECONDS, rules.LIVE_BET_DELAY_BY_SPORT)]),
  ) as Record<SportKey, number>;
  return { refreshSeconds: rules.LIVE_REFRESH_SECONDS, betDelaySeconds };
}
