// Vantage Cash redemption (spec §5, §7, §9): the request the /redeem page sends, the
// Connect status it reads, and the one rule deciding whether a request may be sent.
// The Worker re-checks the same rule (and the balance, inside the wallet) itself.
import { z } from "zod";
import { CENTS_PER_CASH, parseAmountToMinor, unitsToMinor } from "../money";
import { sentenceFor } from "../refusals";

/** Spec §9 "Redemption minimum: $20", in Vantage Cash cents (1 Vantage Cash redeems for $1). */
export const REDEMPTION_MIN_CENTS = 20 * CENTS_PER_CASH;

/** Dollars as the spec writes them: "$20", "$20.50". */
export function formatRedemptionDollars(cents: number): string {
  const dollars = cents / CENTS_PER_CASH;
  return `$${dollars.toLocaleString("en-US", { minimumFractionDigits: cents % CENTS_PER_CASH === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** "$20": what /redeem shows and the Worker's refusal says, from REDEMPTION_MIN_CENTS. */
export const REDEMPTION_MIN_TEXT = formatRedemptionDollars(REDEMPTION_MIN_CENTS);
export const REDEMPTION_MIN_MESSAGE = sentenceFor("redemption-below-minimum", { minimumCents: REDEMPTION_MIN_CENTS });

/** POST /api/withdrawals: `amount` in Vantage Cash units (up to cents), at least the minimum. */
export const WithdrawalRequestSchema = z.object({
  amount: z
    .number()
    .refine((n) => unitsToMinor("cash", n) !== null, "Amount must be a number of Vantage Cash with at most two decimals.")
    .refine((n) => (unitsToMinor("cash", n) ?? 0) >= REDEMPTION_MIN_CENTS, REDEMPTION_MIN_MESSAGE),
});

export const ConnectStatusSchema = z.object({
  payouts_enabled: z.boolean(),
  hasAccount: z.boolean(),
  requirements: z.object({ currently_due: z.array(z.string()) }),
  /** Set when the payout account's bank account already belongs to another player. */
  payoutIdentityInUse: z.literal(true).optional(),
  /** Set when the payout account's holder is not the person the player's verified document shows. */
  payeeNotVerifiedPerson: z.literal(true).optional(),
  /** Set when the payout account holder's address is in a region where Vantage Cash is not redeemable now. */
  payoutAddressNotRedeemable: z.literal(true).optional(),
});
export type ConnectStatus = z.infer<typeof ConnectStatusSchema>;

/** POST /api/connect/onboarding-link: the payment provider's onboarding page for this player. */
export const OnboardingLinkSchema = z.object({ url: z.string().min(1) });

/**
 * The failure reason of a redemption held back by a payment under review whose reversal
 * left an amount owed: it was never sent, and its amount went back to the balance (which
 * repaid what was owed first). The history shows it.
 */
export const RETURNED_PAYMENT_DISPUTED = "returned: payment disputed";

export const RedemptionStatusSchema = z.enum(["pending", "paid", "failed"]);
export type RedemptionStatus = z.infer<typeof RedemptionStatusSchema>;

/**
 * The steps a redemption goes through, in order: requested → identity checked → in review
 * (some) → approved → sent (the transfer to the payout account) → paid (the payout reached
 * the bank: the connected account's `payout.paid`), or returned to the balance with the reason.
 * A payout the bank sends back (the connected account's `payout.failed`, which can follow
 * `payout.paid` by days) adds bank-returned, and returned once the money is back in the balance.
 */
export const REDEMPTION_STEPS = [
  "requested",
  "identity-checked",
  "in-review",
  "approved",
  "sent",
  "paid",
  "bank-returned",
  "returned",
] as const;
export const RedemptionStepNameSchema = z.enum(REDEMPTION_STEPS);
export type RedemptionStepName = z.infer<typeof RedemptionStepNameSchema>;

export const RedemptionStepSchema = z.object({
  step: RedemptionStepNameSchema,
  at: z.number(),
  /** One sentence about the step (why it waits for review, why it was returned), or null. */
  note: z.string().nullable(),
});
export type RedemptionStep = z.infer<typeof RedemptionStepSchema>;

export const RedemptionSchema = z.object({
  id: z.string(),
  amountCents: z.number().int().positive(),
  /**
   * pending (held, not yet sent to the bank), paid (transferred and paid out to the bank account
   * checked), failed (returned to the balance: never sent, or sent back by the bank).
   */
  status: RedemptionStatusSchema,
  failureReason: z.string().nullable(),
  payoutReference: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The steps reached so far, oldest first. */
  timeline: z.array(RedemptionStepSchema),
  /** Why it is held right now, in one sentence (a review, a freeze, a payment under review), or null. */
  hold: z.string().nullable(),
  /** What happens next, in one sentence, or null once it is paid or returned. */
  next: z.string().nullable(),
});
export type Redemption = z.infer<typeof RedemptionSchema>;

/** True once the bank has sent the redemption's payout back (its amount returns, or has returned, to the balance). */
export const bankReturned = (redemption: { timeline: readonly Pick<RedemptionStep, "step">[] }): boolean =>
  redemption.timeline.some((s) => s.step === "bank-returned");

export const WithdrawalResponseSchema = z.object({ redemption: RedemptionSchema });
export const WithdrawalListSchema = z.object({ redemptions: z.array(RedemptionSchema) });

/**
 * Spec §5 with play-through: signed in, payouts enabled, not submitting,
 * minimum ≤ amount ≤ the redeemable part of the balance (the rest must be played first).
 */
export function canSubmitRedemption(input: {
  signedIn: boolean;
  payoutsEnabled: boolean;
  submitting: boolean;
  amountText: string;
  balanceCents: number;
  redeemableCents: number;
}): boolean {
  if (!input.signedIn || !input.payoutsEnabled || input.submitting) return false;
  const cents = parseAmountToMinor("cash", input.amountText);
  return cents !== null && cents >= REDEMPTION_MIN_CENTS && cents <= Math.min(input.balanceCents, input.redeemableCents);
}
