// Builds the player's user document (spec §3) from the D1 account and the balances
// held by the player's wallet Durable Object (the only source of truth for money).
import { adminEmails } from "../config";
import type { UserRow } from "../auth/users";
import { getUserWallet } from "../wallet/get-user-wallet";
import { tunables } from "../tunables";
import type { UserDocument } from "../../src/shared/schemas/user";

export async function loadUserDocument(env: Env, user: UserRow, now: number): Promise<UserDocument> {
  const { balances, redeemableCash, cashToPlay, redemptionPause } = await getUserWallet(env, user.id).getRedeemable(
    user.id,
    now,
    tunables(env).CASH_PLAYTHROUGH,
  );
  return {
    uid: user.id,
    displayName: user.displayName,
    email: user.email,
    photoURL: user.photoUrl,
    isAdmin: user.emailVerified && adminEmails(env).has(user.email.toLowerCase()),
    ...balances,
    redeemableCash,
    cashToPlay,
    redemptionPause,
  };
}
