// POST /api/checkout/session: the shop names a pack by its price; the Worker answers
// with the checkout page to send the browser to.
import type { ApiClient } from "../../../lib/api-client";
import { CheckoutSessionResponseSchema } from "../../../shared/schemas/checkout";

export async function createCheckoutSession(api: ApiClient, amountCents: number): Promise<string | null> {
  const { url } = await api.post("/checkout/session", CheckoutSessionResponseSchema, { amountCents });
  return url || null;
}
