// The simulated provider's payout reaching the bank (development only): right after the
// simulator's connected account pays a redemption out to its bank account (payout-port.ts,
// simulated-provider.ts `payout`), the `payout.paid` event Stripe's Connect endpoint would
// send is signed with the Connect secret and handed to the real handler
// (connect-webhook.ts), so the timeline's last step takes the production path.
import { stripeSignatureHeader } from "./stripe-webhook";
import { stripeConnectWebhookSecret } from "./payments-config";
import { handleConnectWebhook } from "./connect-webhook";
import { simPayoutId } from "./simulated-ids";

export async function simulatePayoutPaid(
  env: Env,
  input: { accountId: string; redemptionId: string; amountCents: number },
  now: number,
): Promise<void> {
  const secret = stripeConnectWebhookSecret(env);
  if (!secret) return;
  const created = Math.floor(now / 1000);
  const payload = JSON.stringify({
    id: `evt_sim_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    type: "payout.paid",
    account: input.accountId,
    created,
    livemode: false,
    api_version: null,
    data: {
      object: {
        id: simPayoutId(input.redemptionId),
        object: "payout",
        amount: input.amountCents,
        currency: "usd",
        status: "paid",
        created,
        arrival_date: created,
        metadata: { redemptionId: input.redemptionId },
      },
    },
  });
  await handleConnectWebhook(env, payload, await stripeSignatureHeader(payload, secret, created), now);
}
