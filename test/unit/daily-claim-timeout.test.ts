// The daily claim is spec §7's callable function, whose client waits up to 70 s (other
// requests give up after 15 s): a slow claim still lands, a hung one reads 'Failed to
// claim bonus'. Timed with fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../src/lib/api-client";
import { claimDailyBonus, type ClaimOutcome } from "../../src/features/wallet/components/claim-daily-bonus";

let answerAfterMs: number;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
    return new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => {
        resolve(new Response(JSON.stringify({ ok: true, alreadyClaimed: false, milestone: false }), { status: 200 }));
      }, answerAfterMs);
      init.signal!.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(new DOMException("aborted", "AbortError"));
      });
    });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function claim() {
  const result: { value?: ClaimOutcome } = {};
  void claimDailyBonus(createApiClient(async () => "token")).then((value) => (result.value = value));
  return result;
}

describe("daily claim time-out", () => {
  it("waits past the usual 15 s for a slow answer", async () => {
    answerAfterMs = 40_000;
    const result = claim();
    await vi.advanceTimersByTimeAsync(40_000);
    await vi.waitFor(() => expect(result.value?.message).toBe("Daily bonus claimed! 🎁"));
  });

  it("gives up after 70 s with 'Failed to claim bonus'", async () => {
    answerAfterMs = 120_000;
    const result = claim();
    await vi.advanceTimersByTimeAsync(69_999);
    expect(result.value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(result.value?.message).toBe("Failed to claim bonus"));
  });
});
