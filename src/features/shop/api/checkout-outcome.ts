// GET /api/checkout/sessions/:sessionId: what became of the checkout the player came back from.
import type { ApiClient } from "../../../lib/api-client";
import { type CheckoutOutcome, CheckoutOutcomeSchema } from "../../../shared/schemas/checkout";

export function fetchCheckoutOutcome(api: ApiClient, sessionId: string): Promise<CheckoutOutcome> {
  return api.get(`/checkout/sessions/${encodeURIComponent(sessionId)}`, CheckoutOutcomeSchema);
}
