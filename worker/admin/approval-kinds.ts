// The kinds of request that wait for a second operator (approvals.ts): who may decide each
// and how an approved one is applied.
//   adjustment  a Vantage Cash adjustment, or a Coins one above ADJUSTMENT_APPROVAL_COINS:
//               nobody decides on their own account (but anyone may reject a credit);
//               applied in the player's wallet with the request id as the adjustment id,
//               its audit row in the same transaction.
//   result      a final, or a correction, for a game whose start time has passed and whose
//               final the price desk does not report yet, or the void of a game that has
//               started: nobody holding a bet on the game decides; recorded (corrected,
//               voided) like any operator result, with its audit row. The request keeps the
//               result it replaces (`replaces`): approved after the game's result changed, it
//               is refused (result-changed-since-asked), so a leftover "correct to Y" cannot
//               take a score others corrected since back to Y; what it asks already standing is
//               answered again (an approval finishing one that stopped midway). Requests stored
//               before `replaces`: a final or a void was only ever asked of a game with no
//               result, so theirs is "none"; a correction's is unknown, so it is refused unless
//               its score already stands. Refusing is safe: nothing of a pending request was
//               applied, and the operators ask again.
//   redemption  a redemption in the review queue (a new account's first, or one above
//               REDEMPTION_REVIEW_CENTS), asked for by the player's own request: nobody
//               approves on their own account, anyone may reject (rejecting only keeps the
//               money back, so naming an account as one operator's shields it from no one);
//               approval lets the wallet send it (its alarm runs at once), rejection
//               returns the amount with the reason the player sees.
//   free-entry  a free-entry card one operator recorded (free-entry-admin.ts): nobody
//               approves on their own account, anyone may reject; approval credits it
//               through the player's wallet.
//   region-rule a new entry of the region rules (region-rules-admin.ts): approval writes it,
//               and it takes effect on its own day.
//   stats       a final game's players' statistics entered by hand (prop-stats-admin.ts): nobody
//               holding a bet on the game decides; approval records the box score and settles
//               its open props, or corrects it and re-grades the props once.
//   prop-player-name  a change of which player a feed's spelling means in a sport's props
//               (prop-names-admin.ts), which decides whose statistics grade them: nobody holding
//               an open player-prop bet in the sport decides, and none is approved while the
//               requester holds one; approval writes it with its audit row only over the entry
//               it was asked against (prop-name-changed otherwise).
//   payout-identity-release  a bank account a player's payouts claimed, released
//               (payout-identity-admin.ts): nobody approves on their own account, anyone may
//               reject; approval deletes the claim if the player still holds it, with its audit row.
//   fraud-warning-clear  an early fraud warning cleared (fraud-warning-admin.ts), which releases
//               the player's redemptions and ends a refund still owed for its charge: nobody
//               approves on their own account, anyone may reject; approval clears it in the
//               player's wallet, with its audit row in the same transaction.
//   unfreeze    a player's freeze lifted (player-admin.ts), which releases the payouts and play
//               it held: nobody approves on their own account, anyone may reject (the account
//               stays frozen); approval unfreezes it in the player's wallet, with its audit row
//               in the same transaction, only from the freeze it was asked against
//               (freeze-changed otherwise), and the wallet wakes to send what the freeze held.
//   identity-reset  a player's identity check put back at "never started" (player-admin.ts), which
//               releases the document and person the player claimed, so the person may verify
//               another account: nobody approves on their own account, anyone may reject (the
//               check and its claims stay as they are); approval resets it in the player's
//               wallet, with its audit row in the same transaction, then releases the claims in
//               D1, only from the state and verification session it was asked against
//               (identity-changed otherwise).
import type { RefusalOf } from "../../src/shared/refusals";
import type { RecordedResult, ResultPayload } from "../../src/shared/schemas/operator-actions";
import { feedNow } from "../odds/odds-service";
import { applyOperatorResult, recordedResult, sameRecordedResult } from "../settlement/operator-result";
import { applyResultCorrection } from "../settlement/result-correction";
import { paymentsWallet } from "../payments/wallet";
import { type KernelWallet, walletOf } from "../wallet";
import { auditStatement } from "../approvals/audit-log";
import type { ApprovalRules } from "../approvals/approvals";
import { FREE_ENTRY_APPROVAL } from "./free-entry-admin";
import { REGION_RULE_APPROVAL } from "./region-rules-admin";
import { STATS_APPROVAL } from "./prop-stats-admin";
import { PROP_PLAYER_NAME_APPROVAL } from "./prop-names-admin";
import { PAYOUT_IDENTITY_RELEASE_APPROVAL } from "./payout-identity-admin";
import { FRAUD_WARNING_CLEAR_APPROVAL } from "./fraud-warning-admin";
import { IDENTITY_RESET_APPROVAL, UNFREEZE_APPROVAL } from "./player-admin";
import { moneyDeciderRefusal, resultDeciderRefusal } from "./operator-guards";

/**
 * The result a result request was asked against: its `replaces`, or, for one stored before
 * requests kept it, "none" for a final or a void (only asked of a game with no result) and
 * null (unknown) for a correction.
 */
function askedAgainst(payload: ResultPayload): RecordedResult | null {
  if (payload.replaces !== undefined) return payload.replaces;
  return "void" in payload || !payload.correction ? "none" : null;
}

/**
 * A refusal when the game's result (`standing`) is neither the one the request was asked
 * against nor the one it asks for (which stands already when an approval that stopped midway
 * is finished, and is then answered again, like every re-send).
 */
function resultChangedSinceAsked(payload: ResultPayload, standing: RecordedResult): RefusalOf<"result-changed-since-asked"> | null {
  const asks: RecordedResult = "void" in payload ? { status: "void" } : { status: "final", ...scoreOf(payload) };
  if (sameRecordedResult(standing, asks)) return null;
  const against = askedAgainst(payload);
  return against !== null && sameRecordedResult(standing, against) ? null : { ok: false, code: "result-changed-since-asked" };
}

const scoreOf = (payload: { homeScore: number; awayScore: number }) => ({ homeScore: payload.homeScore, awayScore: payload.awayScore });

export const APPROVAL_RULES: ApprovalRules = {
  adjustment: {
    // Rejecting a credit only withholds it, so any operator may; rejecting a debit keeps the
    // player's money, so not on an operator's own account.
    guard: (env, request, operator, requester, decision) =>
      moneyDeciderRefusal(env, request.subject, operator, requester, decision, request.kind === "adjustment" && request.payload.amount > 0),
    async apply(env, request, approver, now) {
      if (request.kind !== "adjustment") throw new Error(`not an adjustment: ${request.kind}`);
      const uid = request.subject;
      const answer = await walletOf<KernelWallet>(env, uid).adjustBalance(
        uid,
        { adjustmentId: request.id, wallet: request.payload.wallet, amount: request.payload.amount },
        { actor: approver.email, reason: request.reason, details: { requestId: request.id, requestedBy: request.requestedBy } },
        now,
      );
      if (!answer.ok) return answer;
      const { balances } = answer;
      return {
        ok: true,
        outcome: {
          uid,
          adjustmentId: request.id,
          replayed: answer.replayed,
          balances: { coins: balances.coinBalance, cash: balances.vantageCash },
          owed: { coins: balances.owedCoins ?? 0, cash: balances.owedCash ?? 0 },
        },
      };
    },
  },
  redemption: {
    // Asked for by the player's own redemption, not by an operator; rejecting only keeps it
    // back, so any operator may (an account named as one operator's is not shielded by it).
    guard: (env, request, operator, _requester, decision) => moneyDeciderRefusal(env, request.subject, operator, null, decision, true),
    async apply(env, request, approver, now) {
      if (request.kind !== "redemption") throw new Error(`not a redemption: ${request.kind}`);
      const uid = request.subject;
      const answer = await paymentsWallet(env, uid).decideRedemptionReview(
        uid,
        { redemptionId: request.payload.redemptionId, approve: true, reason: request.reason },
        { actor: approver.email, reason: request.reason, details: { requestId: request.id } },
        now,
      );
      if (!answer.ok) return answer;
      return { ok: true, outcome: { uid, redemptionId: answer.redemption.id, status: answer.redemption.status } };
    },
    async reject(env, request, operator, reason, now) {
      if (request.kind !== "redemption") throw new Error(`not a redemption: ${request.kind}`);
      const uid = request.subject;
      const answer = await paymentsWallet(env, uid).decideRedemptionReview(
        uid,
        { redemptionId: request.payload.redemptionId, approve: false, reason },
        { actor: operator.email, reason, details: { requestId: request.id } },
        now,
      );
      // Already returned (a repeated rejection) is done; anything else must surface, so the operator tries again.
      if (!answer.ok && answer.code !== "not-in-review") throw new Error(`redemption review rejection failed: ${answer.code}`);
    },
  },
  result: {
    guard: (env, request, operator, requester, decision) => resultDeciderRefusal(env, request.subject, operator, requester, decision),
    async apply(env, request, approver, now) {
      if (request.kind !== "result") throw new Error(`not a result: ${request.kind}`);
      const eventId = request.subject;
      const payload = request.payload;
      const changed = resultChangedSinceAsked(payload, await recordedResult(env.DB, eventId));
      if (changed) return changed;
      if ("void" in payload) {
        const audit = auditStatement(
          env.DB,
          {
            actor: approver.email,
            action: "void",
            target: eventId,
            reason: request.reason,
            details: { void: true, requestId: request.id, requestedBy: request.requestedBy },
          },
          now,
          { afterChange: true },
        );
        const voided = await applyOperatorResult(
          env,
          eventId,
          { void: true },
          approver.email,
          { now, feedNow: await feedNow(env, now) },
          audit,
        );
        if (!voided.ok) return voided;
        const { ok: _ok, ...outcome } = voided;
        return { ok: true, outcome };
      }
      const score = scoreOf(payload);
      if (payload.correction) {
        const audit = (seq: number, from: { status: string; homeScore: number | null; awayScore: number | null }) =>
          auditStatement(
            env.DB,
            {
              actor: approver.email,
              action: "correction",
              target: eventId,
              reason: request.reason,
              details: { ...score, correction: seq, from, requestId: request.id, requestedBy: request.requestedBy },
            },
            now,
            { afterChange: true },
          );
        const corrected = await applyResultCorrection(
          env,
          eventId,
          score,
          { operator: approver.email, reason: request.reason },
          { now, feedNow: await feedNow(env, now) },
          audit,
          // Checked again in the correction's own conditional write, against a change made since the read above.
          askedAgainst(payload) ?? undefined,
        );
        if (!corrected.ok) return corrected;
        const { ok: _ok, ...outcome } = corrected;
        return { ok: true, outcome };
      }
      const audit = auditStatement(
        env.DB,
        {
          actor: approver.email,
          action: "result",
          target: eventId,
          reason: request.reason,
          details: { ...score, requestId: request.id, requestedBy: request.requestedBy },
        },
        now,
        { afterChange: true },
      );
      const answer = await applyOperatorResult(env, eventId, score, approver.email, { now, feedNow: await feedNow(env, now) }, audit);
      if (!answer.ok) return answer;
      const { ok: _ok, ...outcome } = answer;
      return { ok: true, outcome };
    },
  },
  "free-entry": FREE_ENTRY_APPROVAL,
  "region-rule": REGION_RULE_APPROVAL,
  stats: STATS_APPROVAL,
  "prop-player-name": PROP_PLAYER_NAME_APPROVAL,
  "payout-identity-release": PAYOUT_IDENTITY_RELEASE_APPROVAL,
  "fraud-warning-clear": FRAUD_WARNING_CLEAR_APPROVAL,
  unfreeze: UNFREEZE_APPROVAL,
  "identity-reset": IDENTITY_RESET_APPROVAL,
};
