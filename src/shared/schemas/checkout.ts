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
