// Worker entry: the API for fetch, the settlement job for cron, and the wallet class.
import { createApp } from "./app";

export { UserWallet } from "./wallet/user-wallet";

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
