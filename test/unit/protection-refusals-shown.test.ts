// A player-protection refusal says why and until when (a break's end, a limit's reset):
// the daily claim shows the server's message rather than the generic 'Error claiming bonus'.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../src/lib/api-client";
import { claimDailyBonus, CLAIM_MESSAGES } from "../../src/features/wallet/components/claim-daily-bonus";

function answer(status: number, body: unknown) {
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
}

afterEach(() => vi.unstubAllGlobals());

describe("the daily claim refused by player protection", () => {
  it("shows the break's message with its end time", async () => {
    const message =
      "You are taking a break until Nov 24, 2026, 6:10 PM ET. Bets, cash-outs, purchases and the daily bonus are paused until then.";
    answer(403, { error: { code: "self-excluded", message } });
    expect(await claimDailyBonus(createApiClient(async () => "token"))).toEqual({ message, tone: "error", response: null });
  });

  it("keeps the spec's message for other refusals", async () => {
    answer(403, { error: { code: "permission-denied", message: "Nope." } });
    expect((await claimDailyBonus(createApiClient(async () => "token"))).message).toBe(CLAIM_MESSAGES.error);
  });
});

describe("the daily claim before the sweepstakes rules are accepted", () => {
  it("shows the server's request to accept them (the rules dialog opens beside it)", async () => {
    const message = "Please read and accept the Official Sweepstakes Rules before you play with Vantage Cash.";
    answer(403, { error: { code: "rules-not-accepted", message } });
    expect(await claimDailyBonus(createApiClient(async () => "token"))).toEqual({ message, tone: "error", response: null });
  });
});
