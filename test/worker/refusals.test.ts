// The refusals table (worker/http/refusals.ts, sentences from src/shared/refusals.ts): every
// code answers a 4xx with a sentence, every sentence is filled in from its details, the
// product spec's sentences come out word for word, and what clients receive (code, status,
// message, details) is what they received when domain code wrote it itself.
import { describe, expect, it } from "vitest";
import { REFUSAL_CODES, type Refusal, type RefusalCode, type RefusalDetails, sentenceFor, sentenceTexts } from "../../src/shared/refusals";
import { REFUSALS, refusalError } from "../../worker/http/refusals";

/** A client's view of a refusal. */
function sent(refusal: Refusal) {
  const error = refusalError(refusal);
  return { status: error.status, code: error.code, message: error.message, details: error.details };
}

const RESETS = "2026-11-25T05:00:00.000Z";
const VERDICT = { region: "US-WA", mode: "coins-only" as const, basis: { kind: "none" as const }, since: null, until: null };
const REQUEST = {
  id: "r1",
  kind: "adjustment",
  subject: "u1",
  subjectLabel: "a@example.com",
  payload: { wallet: "coins", amount: 5 },
  requestedBy: "op@example.com",
  reason: "goodwill",
  status: "approved",
  decidedBy: "op2@example.com",
  decidedAt: 1,
  decisionReason: null,
  outcome: null,
  createdAt: 0,
};

/** Details for each code whose sentence uses them (one per text where the details choose the text). */
const SAMPLES: { [C in RefusalCode]?: RefusalDetails<C>[] } = {
  "under-age": [
    { minAge: 21, closed: true },
    { minAge: 21, closed: false },
  ],
  "self-excluded": [
    { breakUntil: RESETS, permanent: false },
    { breakUntil: null, permanent: true },
  ],
  "region-restricted": [
    { region: "US-WA", mode: "coins-only", day: "2026-11-24", unavailable: ["purchase", "redeem"], verdict: VERDICT, action: "bet" },
  ],
  "rules-not-accepted": [{ rulesVersion: 2 }],
  "stake-limit": [{ limit: "dailyStakeCash", resetsAt: RESETS, limitMinor: 1_000, leftMinor: 400 }],
  "purchase-limit": [{ limit: "weeklyPurchaseDollars", remainingDollars: 10, resetsAt: RESETS, limitCents: 5_000 }],
  "loss-limit": [{ limit: "dailyLossCoins", remaining: 80, resetsAt: RESETS, limitMinor: 200, leftMinor: 80 }],
  "time-limit": [{ limit: "dailyPlayMinutes", resetsAt: RESETS, minutes: 3 }],
  "reality-check-due": [{ dueAt: RESETS }],
  "stake-below-minimum": [{ wallet: "cash" }],
  "stake-above-maximum": [{ wallet: "coins" }],
  "payout-above-maximum": [{ wallet: "coins" }],
  "prop-payout-above-maximum": [{ wallet: "cash", maxPayout: 50_000 }],
  "exposure-limit": [{ wallet: "cash", largestStake: 1_250 }],
  "exposure-full": [{ market: "Moneyline" }],
  "market-suspended-by-house": [{ market: "Lionel Messi Anytime goalscorer" }],
  "cash-out-exposure-limit": [
    { wallet: "cash", largestStake: 0, market: "Moneyline" },
    { wallet: "cash", largestStake: 1_250, market: "Moneyline" },
  ],
  "cash-out-suspended-by-house": [{ market: "Moneyline" }],
  "redemption-below-minimum": [{ minimumCents: 2_000 }],
  "redemptions-paused": [{ reason: "dispute" }, { reason: "fraud-warning" }, { reason: "owed" }],
  "not-in-review": [{ state: "rejected" }],
  "playthrough-required": [{ cashToPlay: 2_000, redeemableCash: 2_900 }],
  "purchase-held": [
    {
      cashToPlay: 0,
      redeemableCash: 0,
      purchaseHolds: [{ amountCents: 499, freesAt: Date.parse(RESETS) }],
      holdDays: 3,
    },
  ],
  "payee-not-verified-person": [{ problem: "name-differs" }, { problem: "no-verified-name" }],
  "payout-address-restricted": [{ region: "US-WA" }],
  "identity-unverified": [{ identity: "none" }, { identity: "pending" }, { identity: "needs-input" }],
  "identity-final": [{ identity: "verified" }, { identity: "in-use" }, { identity: "mismatch" }],
  "already-entered-that-day": [{ postmarkedOn: "2026-11-20" }],
  "postmark-before-issue": [{ issuedOn: "2026-11-01" }],
  "code-expired": [{ expiredOn: "2026-10-31" }],
  "free-entry-cap": [{ max: 50 }],
  "invalid-handle": [{ problem: "length" }, { problem: "characters" }, { problem: "disguised" }],
  "already-decided": [{ request: REQUEST }],
  "region-rule-invalid": [{ problem: "US-ZZ: from must be a day (YYYY-MM-DD)." }],
  "stats-incomplete": [{ missing: ["Franz Wagner: not listed", "Paolo Banchero: points"] }],
};

function sentencesOf(code: RefusalCode): string[] {
  // A code without a sample has no details: its sentence needs none.
  const samples = (SAMPLES[code] ?? [undefined]) as RefusalDetails<RefusalCode>[];
  return samples.map((details) => sentenceFor(code, details));
}

describe("the refusals table", () => {
  it("answers every code with a 4xx, a code on the wire and a sentence", () => {
    expect(REFUSAL_CODES.length).toBeGreaterThan(0);
    for (const code of REFUSAL_CODES) {
      const entry = REFUSALS[code];
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThanOrEqual(499);
      expect(entry.code, code).toMatch(/^[a-z]+(-[a-z]+)*$/);
      for (const text of sentenceTexts(code)) expect(text.trim(), code).not.toBe("");
    }
  });

  it("fills in every value of every sentence from the details, one sentence per state", () => {
    for (const code of REFUSAL_CODES) {
      const sentences = sentencesOf(code);
      for (const sentence of sentences) {
        expect(sentence.trim(), code).not.toBe("");
        expect(sentence, code).not.toMatch(/\{\w+\}/);
      }
      // Each state's text is reached by one sample (the samples cover every text).
      expect(new Set(sentences).size, code).toBe(sentenceTexts(code).length);
    }
  });

  // The product spec's sentences (sportsbook-spec.md §5 "Place-bet checks, in order" and §8
  // "Error catalogue"), word for word as the spec writes them.
  it.each([
    ["no-selection", "Add at least one selection."],
    ["invalid-amount", "Enter a valid amount."],
    ["selection-locked", "One or more selections are locked."],
    ["insufficient-funds", "Not enough balance."],
    ["invalid-stake", "Invalid stake."],
    ["bonus-already-claimed", "Already claimed today ✅"],
  ] as const)("says the spec's sentence for %s: %s", (code, sentence) => {
    expect(REFUSALS[code].sentence(undefined)).toBe(sentence);
    expect(refusalError({ ok: false, code }).message).toBe(sentence);
  });

  it("sends each refusal as clients have always received it: shared codes, and only the details they were sent", () => {
    expect(sent({ ok: false, code: "bonus-already-claimed" })).toEqual({
      status: 409,
      code: "aborted",
      message: "Already claimed today ✅",
      details: undefined,
    });
    expect(sent({ ok: false, code: "adjustment-below-zero" })).toMatchObject({ status: 409, code: "insufficient-funds" });
    expect(sent({ ok: false, code: "insufficient-funds" })).toMatchObject({ status: 400, code: "insufficient-funds" });
    expect(sent({ ok: false, code: "redemption-below-minimum", details: { minimumCents: 2_000 } })).toEqual({
      status: 400,
      code: "invalid-argument",
      message: "The minimum redemption is $20.",
      details: undefined,
    });
    expect(
      sent({ ok: false, code: "stake-limit", details: { limit: "dailyStakeCash", resetsAt: RESETS, limitMinor: 1_000, leftMinor: 400 } }),
    ).toEqual({
      status: 403,
      code: "stake-limit",
      message:
        "This bet would pass your daily Vantage Cash stake limit of 10 Vantage Cash (4 Vantage Cash left). It resets Nov 25, 2026, 12:00 AM ET.",
      details: { limit: "dailyStakeCash", resetsAt: RESETS },
    });
    expect(sent({ ok: false, code: "under-age", details: { minAge: 21 } })).toEqual({
      status: 403,
      code: "under-age",
      message: "You must be 21 or older to play on Vantage. Your account is closed for play.",
      details: { minAge: 21 },
    });
    const held = SAMPLES["purchase-held"]![0]!;
    expect(sent({ ok: false, code: "purchase-held", details: held })).toEqual({
      status: 403,
      code: "purchase-held",
      message:
        "Vantage Cash bought in the last 3 days is held before it can be redeemed: 4.99 until Nov 25, 2026, 12:00 AM ET. You can redeem 0 now.",
      details: { cashToPlay: 0, redeemableCash: 0, purchaseHolds: held.purchaseHolds },
    });
    expect(sent({ ok: false, code: "identity-unverified", details: { identity: "pending" } })).toEqual({
      status: 403,
      code: "identity-unverified",
      message: "Your identity check is still being processed. You can redeem as soon as it is verified.",
      details: undefined,
    });
  });

  it("names the deployment's cap on a bet with a player prop, and sends it", () => {
    expect(sent({ ok: false, code: "prop-payout-above-maximum", details: { wallet: "cash", maxPayout: 50_000 } })).toEqual({
      status: 400,
      code: "prop-payout-above-maximum",
      message: "The maximum payout of a bet with a player prop is 500 Vantage Cash. Lower the amount.",
      details: { wallet: "cash", maxPayout: 50_000 },
    });
  });

  it("names what an operator's box score leaves out, and sends the list", () => {
    expect(
      sent({ ok: false, code: "stats-incomplete", details: { missing: ["Franz Wagner: not listed", "Paolo Banchero: points"] } }),
    ).toEqual({
      status: 400,
      code: "stats-incomplete",
      message: "These statistics leave out what the game's player props are graded on: Franz Wagner: not listed; Paolo Banchero: points.",
      details: { missing: ["Franz Wagner: not listed", "Paolo Banchero: points"] },
    });
    expect(sent({ ok: false, code: "stats-changed" })).toMatchObject({ status: 409, code: "stats-changed" });
  });

  it("sends a request approved after what it replaces moved on as a 409 with its own sentence", () => {
    expect(sent({ ok: false, code: "result-changed-since-asked" })).toEqual({
      status: 409,
      code: "result-changed",
      message: "This game's result changed since this was asked, so it no longer applies. Look at the result again and send a new request.",
      details: undefined,
    });
    expect(sent({ ok: false, code: "prop-name-changed" })).toMatchObject({ status: 409, code: "prop-name-changed" });
    expect(sent({ ok: false, code: "requester-holds-prop-bet" })).toMatchObject({ status: 409, code: "requester-holds-prop-bet" });
  });

  it("sends what the route adds in place of a refusal's own details", () => {
    expect(refusalError({ ok: false, code: "code-used" }, { request: { id: "r1" } }).details).toEqual({ request: { id: "r1" } });
  });

  it("answers an unwritten audit row as a 503 that changed nothing", () => {
    expect(refusalError({ ok: false, code: "audit-failed" })).toMatchObject({
      status: 503,
      code: "audit-failed",
      message: "Nothing was changed: the action's audit record could not be written. Try again.",
    });
  });
});
