// The `Stripe-Signature` header as Stripe computes it, for the simulated providers' pages
// (payments' checkout and onboarding, identity's verification), which sign the events they
// hand to the real webhook handlers. It stands on its own, beside the Stripe SDK's loader
// (on-demand.ts), so that identity does not import payments to sign: payments asks
// identity whether a payout's holder is the verified person (payments/payout-payee.ts).

/** The `Stripe-Signature` header Stripe sends: `t=<unix seconds>,v1=<HMAC-SHA256 hex>`. */
export async function stripeSignatureHeader(payload: string, secret: string, timestampSeconds: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestampSeconds}.${payload}`));
  const hex = [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `t=${timestampSeconds},v1=${hex}`;
}
