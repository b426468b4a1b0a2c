// Builds the player's user document (spec §3) from the D1 account and the balances
// held by the player's wallet Durable Object (the only source of truth for money), with
// the player-protection fields the wallet also holds, plus the public handle
// and profile privacy, and the sweepstakes rules version in force beside the one the
// player accepted. What is redeemable now follows this Worker's
// PURCHASE_HOLD_DAYS (the hold on fresh purchases).
import { isOperator } from "../auth/operators";
import type { UserRow } from "../auth/users";
import { readProfile } from "../social/player-profiles";
import type { PaymentsWallet } from "../payments/wallet";
import type { ProtectionWallet } from "../protection/wallet";
import { type KernelWallet, walletOf } from "../wallet";
import type { UserDocument } from "../../src/shared/schemas/user";
import { protectionView } from "../protection/protection-view";
import { playContextFor, requestRegion } from "../protection/request-region";
import { tunables } from "../tunables";
import { acceptedAgainst, currentRules } from "../sweepstakes/rules-versions";

/** `request`, when given, says where the player is (region rules and minimum age). */
export async function loadUserDocument(env: Env, user: UserRow, now: number, request?: Request): Promise<UserDocument> {
  const wallet = walletOf<KernelWallet & PaymentsWallet & ProtectionWallet>(env, user.id);
  const [
    { balances, redeemableCash, cashToPlay, redemptionPause, purchaseHolds, purchaseHoldDays },
    protection,
    profile,
    operator,
    rules,
    acceptedVersions,
  ] = await Promise.all([
    wallet.getRedeemable(
      user.id,
      now,
      undefined,
      tunables(env).PURCHASE_HOLD_DAYS,
      request ? playContextFor(env, requestRegion(env, request)) : undefined,
    ),
    wallet.getProtection(user.id, now),
    readProfile(env.DB, user.id),
    isOperator(env, user),
    currentRules(env),
    wallet.getAcceptedRulesVersions(user.id, now),
  ]);
  return {
    uid: user.id,
    displayName: user.displayName,
    email: user.email,
    photoURL: user.photoUrl,
    isAdmin: operator,
    handle: profile.handle,
    profileHidden: profile.hidden,
    showCashResults: profile.showCashResults,
    ...balances,
    redeemableCash,
    cashToPlay,
    redemptionPause,
    purchaseHolds,
    purchaseHoldDays,
    rulesVersion: rules.version,
    rulesAcceptedVersion: acceptedAgainst(acceptedVersions, rules.version),
    ...protectionView(env, protection, now, request),
  };
}
