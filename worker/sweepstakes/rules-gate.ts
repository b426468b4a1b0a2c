// What a route hands the wallet so Vantage Cash play waits for the player's acceptance of
// the Official Sweepstakes Rules in force: the version, beside the region and minimum age
// of the PlayContext. The wallet compares it with the version the player accepted inside
// the transaction that moves the money (worker/protection/in-wallet/rules-gate.ts).
import type { PlayContext } from "../../src/shared/protection";
import { currentRules } from "./rules-versions";

export async function withRulesVersion(env: Env, play: PlayContext): Promise<PlayContext> {
  return { ...play, rulesVersion: (await currentRules(env)).version };
}
