// The words of the alert a player gets when the rule for the place they play from changes:
// the region's own sentence (what changed, since when and under which law, and what they can
// still do — a redeem-only window names its last day), or that Vantage Cash is back. Pure, so
// the scheduled sender and the tests share one wording.
import { regionNoticeSentence } from "./play-regions";
import type { PushNotice } from "./push-notices";
import type { RegionVerdict } from "./region-rules";

/** The rule a verdict stands for, as one run compares it with the last one announced: mode, since, until. */
export function regionRuleSignature(verdict: RegionVerdict): string {
  return `${verdict.mode}|${verdict.since ?? ""}|${verdict.until ?? ""}`;
}

export function regionChangeNotice(userId: string, verdict: RegionVerdict): PushNotice {
  const region = verdict.region ?? "your region";
  return {
    userId,
    kind: "region-changed",
    eventId: `region-changed:${region}:${regionRuleSignature(verdict)}`,
    title: `Vantage Cash in ${region}`,
    body: regionNoticeSentence(verdict) ?? `Vantage Cash is offered in ${region} again.`,
    url: "/where-cash-is-offered",
  };
}
