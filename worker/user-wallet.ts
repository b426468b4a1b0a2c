// The player's wallet as deployed (wrangler.toml class_name `UserWallet`), composed here at
// the Worker's root: the money kernel (worker/wallet/: storage, transaction, ledger and
// house accounts, bets and holds, outbox, live sockets) with each feature's in-wallet
// method table, the storage ladder, the features' projectors, and the answers to the
// ports one feature's in-wallet code asks of another (may this stake be placed, is this
// payee verified). Only this file imports more than one feature's in-wallet code, so the
// features stay apart and the kernel names none of them.
import type { PlayContext } from "../src/shared/protection";
import { BONUS_RULES, bonusMethods, type BonusRules } from "./bonus/in-wallet";
import { CASH_OUT_GATE, STAKE_RULES, betMethods, type StakeRules } from "./bets/in-wallet";
import { CASH_OUT_RULES, type CashOutRules, cashOutMethods } from "./cash-out/in-wallet";
import { exportMethods } from "./me/in-wallet";
import type { DeclinedRefundPort } from "./payments/in-wallet/declined-purchases";
import type { FraudRefundPort } from "./payments/in-wallet/fraud-warnings";
import { BANK_RETURN_TOPIC, bankReturnProjection, type BankReturnPort } from "./payments/in-wallet/bank-returns";
import {
  paymentsMethods,
  refundDeclinedPacksOnAlarm,
  refundFraudWarningsOnAlarm,
  retryPayoutsOnAlarm,
  reverseBankReturnsOnAlarm,
} from "./payments/in-wallet/methods";
import type { PayoutPort } from "./payments/in-wallet/payouts";
import { pendingRedemptionCentsInTx, WINNER_TOPIC, winnerProjection } from "./payments/in-wallet/redemptions";
import { bookingProjection } from "./payments/in-wallet/bookings";
import { chargebackLostInTx } from "./payments/in-wallet/reversals";
import { REDEMPTION_TIMELINE_TOPIC, redemptionTimelineProjection } from "./payments/in-wallet/redemption-timeline";
import { PAYEE_STANDING, type PayeeStanding } from "./payments/in-wallet/standing";
import { paymentsPayoutPort } from "./payments/payout-port";
import { paymentsCheckoutPort } from "./payments/checkout-port";
import { paymentsOwedRefundPort } from "./payments/declined-refund-port";
import type { CheckoutPort } from "./protection/in-wallet/checkout-withdrawals";
import { rulesInForce } from "./protection/request-region";
import { identityRefusal, readIdentityInTx } from "./protection/in-wallet/identity";
import { announceDueLimitChangesInTx } from "./protection/in-wallet/limit-history";
import { announceLimitChangesOnAlarm, expireWithdrawnCheckoutsOnAlarm, protectionMethods } from "./protection/in-wallet/methods";
import {
  gatePlayLimits,
  notePlayInTx,
  nudgeAfterStake,
  nudgeProjection,
  readPlayLimits,
  recordLimitReachedInTx,
} from "./protection/in-wallet/play";
import {
  CHARGEBACK_LOST,
  cashAgeRefusalInTx,
  gatePlay,
  gateStake,
  governingRegionInTx,
  payoutAddressRefusalInTx,
  payoutPlaceRefusalInTx,
  purchaseDeclineInTx,
  withdrawOpenCheckoutsInTx,
  recordPurchaseInTx,
  regionAllowsInTx,
  windDownInTx,
} from "./protection/in-wallet/protection";
import { STANDING_TOPIC, standingProjection } from "./protection/in-wallet/standing";
import { leaderboardStatements } from "./social/in-wallet";
import { settlementMethods } from "./settlement/in-wallet/methods";
import { ENTRY_RULES, sweepstakesMethods, type EntryRules } from "./sweepstakes/in-wallet";
import { etDayKey } from "../src/shared/bonus";
import { unavailableActions } from "../src/shared/play-regions";
import type { RefusalOf } from "../src/shared/refusals";
import { regionModeAt } from "../src/shared/region-rules";
import { kernelMethods } from "./wallet/kernel-methods";
import { type Ledger, PENDING_REDEMPTIONS, type WalletPort, type WalletPortBindings } from "./wallet/ledger";
import type { WalletProjectors } from "./wallet/projection";
import { relayBetsToExposure } from "./exposure/relay";
import { placedBetReceiptStatements } from "./receipts/after-placement";
import { WALLET_MIGRATIONS } from "./wallet-schema";
import { installWalletMethods, type WalletMethods, WalletObject } from "./wallet/wallet-object";

// ---- the ports: protection answers what bets, the bonus, payments and free entry ask ----

const stakeRules: StakeRules = {
  check(tx, wallet, totalStake, play) {
    // Age, break, daily stake limit, region and rules first; then time, reality check and loss limits.
    const limits = readPlayLimits(tx);
    const refused = gateStake(tx, wallet, totalStake, play) ?? gatePlayLimits(tx, wallet, totalStake, limits);
    if (refused) return refused;
    return {
      ok: true,
      afterStake() {
        notePlayInTx(tx, limits);
        nudgeAfterStake(tx, wallet, limits);
      },
    };
  },
  noteRefusal(tx, refusal) {
    recordLimitReachedInTx(tx, refusal);
  },
};

const bonusRules: BonusRules = {
  refuse: (tx, play) => gatePlay(tx, "bonus", play),
  // Vantage Cash also needs the age where the player lives; short of it, the bonus is Coins only.
  cashOffered: (tx, play) => regionAllowsInTx(tx, play, "bonus-cash") && cashAgeRefusalInTx(tx, play, "bonus-cash") === null,
};

const payeeStanding: PayeeStanding = {
  payeeRefusal: (tx) => identityRefusal(tx),
  identityStatus: (tx) => readIdentityInTx(tx).status,
  refuseRedemption: (tx, play) => gatePlay(tx, "redeem", play),
  payoutPlaceRefusal: (tx, play, requestedAt) => payoutPlaceRefusalInTx(tx, play, requestedAt),
  payoutAddressRefusal: (tx, play, requestedAt, region) => payoutAddressRefusalInTx(tx, play, requestedAt, region),
  windDown: (tx, play) => windDownInTx(tx, play),
  countPurchase: (tx, purchase) => recordPurchaseInTx(tx, purchase),
  declinePurchase: (tx, checkoutSessionId, play, billingRegion) => purchaseDeclineInTx(tx, checkoutSessionId, play, billingRegion),
  withdrawOpenCheckouts: (tx, reason) => withdrawOpenCheckoutsInTx(tx, reason),
};

/** Where the code's region offers no Vantage Cash, the card credits nothing: the region's notice says why. */
function freeEntryRegionRefusal(tx: Ledger, play: PlayContext): RefusalOf<"region-restricted"> | null {
  if (!play.place || regionAllowsInTx(tx, play, "free-entry-cash")) return null;
  const { rules } = play.place;
  const region = governingRegionInTx(tx, play, "free-entry-cash");
  const verdict = regionModeAt(region, rules, tx.now);
  // The sentence is the region's notice (every mode that refuses free entry has one); the card's action is the bonus's.
  const unavailable = unavailableActions(region, rules, tx.now);
  return {
    ok: false,
    code: "region-restricted",
    details: { region, mode: verdict.mode, day: etDayKey(tx.now), unavailable, verdict, action: "bonus" },
  };
}

const cashOutRules: CashOutRules = {
  refuse: (tx, wallet, play) => gatePlay(tx, "bet", play, wallet),
};

const entryRules: EntryRules = {
  refuse: (tx, play) => gatePlay(tx, "bonus", play) ?? freeEntryRegionRefusal(tx, play) ?? cashAgeRefusalInTx(tx, play, "free-entry-cash"),
};

function bind<T>(port: WalletPort<T>, answer: T): [WalletPort<unknown>, unknown] {
  return [port as WalletPort<unknown>, answer];
}

export const WALLET_PORTS: WalletPortBindings = new Map([
  bind(STAKE_RULES, stakeRules),
  bind(BONUS_RULES, bonusRules),
  bind(PAYEE_STANDING, payeeStanding),
  bind(PENDING_REDEMPTIONS, pendingRedemptionCentsInTx),
  bind(ENTRY_RULES, entryRules),
  bind(CASH_OUT_RULES, cashOutRules),
  // Betting's early fetches for a cash-out ask the gate quoting and accepting it pass.
  bind(CASH_OUT_GATE, cashOutRules),
  bind(CHARGEBACK_LOST, chargebackLostInTx),
]);

/** What the features project to D1 beside the kernel's balances, bets and audit rows. */
export const WALLET_PROJECTORS: WalletProjectors = {
  topics: {
    nudge: nudgeProjection,
    [WINNER_TOPIC]: winnerProjection,
    booking: bookingProjection,
    [REDEMPTION_TIMELINE_TOPIC]: redemptionTimelineProjection,
    // A break or closure: the player leaves the public social surface while it holds.
    [STANDING_TOPIC]: standingProjection,
    // A payout the bank sent back: operators see the returns still to be taken back.
    [BANK_RETURN_TOPIC]: bankReturnProjection,
  },
  // A settled bet also updates its player's leaderboard rows, once.
  onBet: [leaderboardStatements],
  // A bet just placed gets its signed receipt in the same D1 batch as the bet.
  betStatements: [placedBetReceiptStatements],
  // Every changed bet also reaches the exposure objects of its games (placed, cashed out, settled).
  betRelays: [relayBetsToExposure],
};

const METHOD_TABLES = [
  kernelMethods,
  betMethods,
  bonusMethods,
  cashOutMethods,
  settlementMethods,
  paymentsMethods,
  protectionMethods,
  sweepstakesMethods,
  exportMethods,
] as const;

type Installed<T extends readonly unknown[]> = T extends readonly [infer Head, ...infer Rest]
  ? (Head extends Parameters<typeof installWalletMethods>[1][number] ? WalletMethods<Head> : never) & Installed<Rest>
  : unknown;

/** Every method the composed wallet serves, as its full stub sees them (tests, and code at the root). */
export type AllWalletMethods = Installed<typeof METHOD_TABLES>;

// The class gains the installed tables' methods (installWalletMethods below); this merge tells the type checker so.
export interface UserWallet extends AllWalletMethods {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above.
export class UserWallet extends WalletObject {
  /**
   * `payouts`: how the alarm's payout retries reach the payment provider; `checkouts`: how it
   * expires withdrawn checkouts there; `refunds`: how it makes the refunds still owed, declined
   * packs' and actionable fraud warnings', and takes back the transfers of payouts the bank
   * returned (the provider's ports unless a test hands others in).
   */
  constructor(
    ctx: DurableObjectState,
    env: Env,
    payouts: PayoutPort = paymentsPayoutPort(env),
    checkouts: CheckoutPort = paymentsCheckoutPort(env),
    refunds: DeclinedRefundPort & FraudRefundPort & BankReturnPort = paymentsOwedRefundPort(env),
  ) {
    super(ctx, env, {
      migrations: WALLET_MIGRATIONS,
      projectors: WALLET_PROJECTORS,
      ports: WALLET_PORTS,
      // A limit change that has taken effect since the last transaction is announced by this one.
      beforeCommit: (tx) => announceDueLimitChangesInTx(tx),
      beforeDrain: (host, now) => announceLimitChangesOnAlarm(host, now),
      // Work that calls the payment provider: withdrawn checkouts expired, owed refunds made
      // (declined packs', then actionable fraud warnings'), returned payouts' transfers taken
      // back, then payouts retried.
      afterDrain: async (host, now) => {
        await expireWithdrawnCheckoutsOnAlarm(host, checkouts, now);
        await refundDeclinedPacksOnAlarm(host, refunds, now);
        await refundFraudWarningsOnAlarm(host, refunds, now);
        await reverseBankReturnsOnAlarm(host, refunds, now);
        await retryPayoutsOnAlarm(host, payouts, now, (at) => rulesInForce(env, at));
      },
    });
  }
}

installWalletMethods(UserWallet, METHOD_TABLES);

/** The player's whole wallet stub, every feature's methods (tests; routes use their own feature's narrowing). */
export function getUserWallet(env: Env, userId: string): DurableObjectStub<UserWallet> {
  const namespace = env.USER_WALLET as DurableObjectNamespace<UserWallet>;
  return namespace.get(namespace.idFromName(userId));
}
