// Worker entry: the API for fetch, the settlement job for cron, and the wallet class.
import { createApp } from "./app";
import { isManualCronRequest, manualCron, scheduled } from "./settlement/scheduled";

export { UserWallet } from "./wallet/user-wallet";

const app = createApp();

export default {
  fetch(request, env, ctx) {
    if (isManualCronRequest(request, env)) return manualCron(request, env);
    return app.fetch(request, env, ctx);
  },
  scheduled,
} satisfies ExportedHandler<Env>;
