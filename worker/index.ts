// Worker entry: the API for fetch (and the share pages' link previews, /p/* and /u/*),
// the settlement job for cron, the settlement and push queues' consumers for queue
// events, and the Durable Object classes as deployed: the wallet, composed in user-wallet.ts, and
// each sport's price desk, handed settlement's step that records the finals it learns
// (the odds never import settlement).
// Each entry first validates the tunables (worker/tunables.ts), so a bad value stops the
// Worker with its name rather than misbehaving later; fetch also checks the secrets'
// strength (worker/config.ts checkSecrets: a short SESSION_SIGNING_KEY).
import { checkSecrets, ConfigurationError } from "./config";
import { createApp } from "./app";
import { loggerFor } from "./logging/logger";
import { metricsFor } from "./metrics/metrics";
import { isManualCronRequest, manualCron, scheduled } from "./settlement/scheduled";
import { handleSettlementQueue } from "./settlement/settlement-queue";
import { TunablesError, tunables } from "./tunables";
import { PriceDesk as PriceDeskObject } from "./odds/price-desk/price-desk";
import { recordFinals } from "./settlement/record-finals";
import { isSharePagePath, sharePages } from "./share-cards/share-pages";
import { isReceiptKeysPath, receiptKeysResponse } from "./receipts/receipt-keys";
import { handlePushQueue, pushQueueName } from "./push/push-queue";
import { protectionWallet } from "./protection/wallet";
import { exclusionAt } from "../src/shared/protection";
import { pushTransport } from "./push/push-transport";
import type { PushNotice } from "../src/shared/push-notices";

export { UserWallet } from "./user-wallet";
export { GameExposure } from "./exposure/game-exposure-object";

/** A sport's price desk as deployed (wrangler.toml class_name): the desk with settlement's finals recorder. */
export class PriceDesk extends PriceDeskObject {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, recordFinals);
  }
}

const app = createApp();
const pages = sharePages();

function misconfigured(err: TunablesError | ConfigurationError): Response {
  // Always printed: the configuration (LOG_LEVEL included) is what failed, so no logger can be built.
  console.error(err.message);
  return Response.json(
    { error: { code: "not-configured", message: "The service is misconfigured." } },
    { status: 503, headers: { "Cache-Control": "no-store" } },
  );
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
    if (isSharePagePath(new URL(request.url).pathname)) return pages.fetch(request, env, ctx);
    if (isReceiptKeysPath(new URL(request.url).pathname)) return receiptKeysResponse(request, env);
    return app.fetch(request, env, ctx);
  },
  scheduled(controller, env, ctx) {
    tunables(env);
    return scheduled(controller, env, ctx);
  },
  // `ctx` is optional so tests may deliver a batch with none (nothing to purge then).
  async queue(batch: MessageBatch<unknown>, env: Env, ctx?: ExecutionContext) {
    const settings = tunables(env);
    if (batch.queue === pushQueueName(env)) {
      const origin = env.PUBLIC_ORIGIN || "https://localhost";
      await handlePushQueue(batch as MessageBatch<PushNotice>, {
        env,
        transport: pushTransport(env),
        log: loggerFor(env),
        now: Date.now(),
        origin,
        excluded: async (userId, at) => exclusionAt((await protectionWallet(env, userId).getProtection(userId, at)).state, at) !== null,
      });
      return;
    }
    const metrics = metricsFor(env, ctx ? (promise) => ctx.waitUntil(promise) : undefined);
    await handleSettlementQueue(batch, { env, tunables: settings, log: loggerFor(env), now: Date.now(), ctx, metrics });
  },
} satisfies ExportedHandler<Env>;
