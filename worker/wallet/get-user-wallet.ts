// The one way the Worker reaches a player's wallet. The id must come from the verified
// token in the request context, never from a request body.
import type { UserWallet } from "./user-wallet";

export function getUserWallet(env: Env, userId: string): DurableObjectStub<UserWallet> {
  const namespace = env.USER_WALLET as DurableObjectNamespace<UserWallet>;
  return namespace.get(namespace.idFromName(userId));
}
