// Worker entry: the API for fetch, the settlement job for cron, and the wallet class.
import { createApp } from "./app";
import { scheduled } from "./settlement/scheduled";

export { UserWallet } from "./wallet/user-wallet";

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;
