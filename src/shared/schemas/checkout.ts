// POST /api/checkout/session request and answer, shared by the route and the shop.
import { z } from "zod";
import { findPack } from "../packs";

/** POST /api/checkout/session: the client names a pack by its price, nothing else. */
export const CheckoutSessionRequestSchema = z.object({
  amountCents: z
    .number()
    .int()
    .refine((n) => findPack(n) !== null, "Unknown pack amount."),
});
export const CheckoutSessionResponseSchema = z.object({ url: z.string() });

/**
 * GET /api/checkout/sessions/:sessionId: what became of a checkout the player came back
 * from. `waiting` until the payment provider reports it; `declined` (with why) when the pack
 * was refused and its payment is refunded in full instead of credited.
 */
/** Why a paid pack was declined: the player is closed for play, on a break, or its checkout was withdrawn. */
export const PurchaseDeclineSchema = z.enum(["closed", "break", "withdrawn"]);
export type PurchaseDecline = z.infer<typeof PurchaseDeclineSchema>;

export const CheckoutOutcomeSchema = z.object({
  state: z.enum(["waiting", "credited", "declined"]),
  reason: PurchaseDeclineSchema.nullable(),
});
export type CheckoutOutcome = z.infer<typeof CheckoutOutcomeSchema>;
