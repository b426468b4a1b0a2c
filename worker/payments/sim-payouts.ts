// The simulated provider's payout reaching the bank, or coming back from it (development
// only): right after the simulator's connected account pays a redemption out to its bank
// account (payout-port.ts, simulated-provider.ts `payout`), the event Stripe's Connect
// endpoint would send is signed with the Connect secret and handed to the real handler
// (connect-webhook.ts), so the timeline's last step takes the production path. As in
// Stripe's test mode, a payout to account number 000111111116 (routing 110000000) fails,
// `account_closed`, and its `payout.failed` brings the money back (bank-returns.ts); every
// other payout is `payout.paid`.
import { stripeSignatureHeader } from "./stripe-webhook";
import { stripeConnectWebhookSecret } from "./payments-config";
import { handleConnectWebhook } from "./connect-webhook";
import { simPayoutDestination, simPayoutId } from "./simulated-ids";
import { simulatedFingerprint } from "./payout-identity";

/** Stripe's test bank account whose payouts fail (its routing number, then the account number). */
export const SIM_FAILING_BANK_ACCOUNT = { routingNumber: "110000000", accountNumber: "000111111116" } as const;

/** What the simulated bank says of a payout to the failing test account, as Stripe's test mode does. */
export const SIM_FAILED_PAYOUT = { code: "account_closed", message: "The bank account has been closed." } as const;

async function paysOut(destination: string | null): Promise<boolean> {
  const failing = simPayoutDestination(
    await simulatedFingerprint(SIM_FAILING_BANK_ACCOUNT.routingNumber, SIM_FAILING_BANK_ACCOUNT.accountNumber),
  );
  return destination !== failing;
}

export async function simulatePayoutOutcome(
  env: Env,
  input: { accountId: string; destination: string | null; redemptionId: string; userId: string; amountCents: number },
  now: number,
): Promise<void> {
  const secret = stripeConnectWebhookSecret(env);
  if (!secret) return;
  const paid = await paysOut(input.destination);
  const created = Math.floor(now / 1000);
  const payload = JSON.stringify({
    id: `evt_sim_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    type: paid ? "payout.paid" : "payout.failed",
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
        status: paid ? "paid" : "failed",
        created,
        arrival_date: created,
        destination: input.destination,
        ...(!paid && { failure_code: SIM_FAILED_PAYOUT.code, failure_message: SIM_FAILED_PAYOUT.message }),
        metadata: { redemptionId: input.redemptionId, userId: input.userId },
      },
    },
  });
  await handleConnectWebhook(env, payload, await stripeSignatureHeader(payload, secret, created), now);
}
