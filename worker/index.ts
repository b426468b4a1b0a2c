// Worker entry: the API for fetch, the settlement job for cron, the settlement queue's
// consumer for queue events, the price desk class, and the wallet Durable Object class,
// which is where the wallet is handed its payout port (the wallet itself never imports a
// payment provider).
// Each entry first validates the tunables (worker/tunables.ts), so a bad value stops the
// Worker with its name rather than misbehaving later; fetch also checks the secrets'
// strength (worker/config.ts checkSecrets: a short SESSION_SIGNING_KEY).
import { checkSecrets, ConfigurationError } from "./config";
import { createApp } from "./app";
import { loggerFor } from "./logging/logger";
import { isManualCronRequest, manualCron, scheduled } from "./settlement/scheduled";
import { handleSettlementQueue } from "./settlement/settlement-queue";
import { TunablesError, tunables } from "./tunables";
import { paymentsPayoutPort } from "./payments/payout-port";
import { UserWallet as WalletObject } from "./wallet";

/** The wallet Durable Object as deployed (wrangler.toml class_name): the wallet with the payment provider's payout port. */
export class UserWallet extends WalletObject {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, paymentsPayoutPort(env));
  }
}

export { PriceDesk } from "./price-desk/price-desk";

const app = createApp();

function misconfigured(err: TunablesError | ConfigurationError): Response {
  // Always printed: the configuration (LOG_LEVEL included) is what failed, so no logger can be built.
  console.error(err.message);
  return Response.json({ error: { code: "not-configured", message: "The service is misconfigured." } }, { status: 503 });
}

export default {
  fetch(request, env, ctx) {
    try {
      tunables(env);
      checkSecrets(env);
    } catch (err) {
      if (err instanceof TunablesError || err instanceof ConfigurationError) return misconfigured(err);
      throw err;
    }
    if (isManualCronRequest(request, env)) return manualCron(request, env);
    return app.fetch(request, env, ctx);
  },
  scheduled(controller, env, ctx) {
    tunables(env);
    return scheduled(controller, env, ctx);
  },
  async queue(batch, env) {
    const settings = tunables(env);
    await handleSettlementQueue(batch, { env, tunables: settings, log: loggerFor(env), now: Date.now() });
  },
} satisfies ExportedHandler<Env>;
