// The console's Players tab: look a player up by e-mail or handle, see their
// money (balances, what is owed, the newest ledger rows, bets, redemptions, disputes,
// early fraud warnings, protection and payout-identity refusals), freeze the account or ask
// to unfreeze it, ask to reset an identity check, adjust a balance by hand and check the
// ledger (clearing a fraud warning is a request for a second operator: fraud-warning-admin.ts).
// Money moves only in the player's wallet Durable Object (worker/*/in-wallet/), which writes
// each money action's audit row in the same transaction. Nobody acts on their own account,
// and unfreezing, resetting an identity check, a Vantage Cash adjustment, or a Coins one above
// ADJUSTMENT_APPROVAL_COINS, only asks for a second operator's approval (approvals.ts).
import { Hono } from "hono";
import { z } from "zod";
import type { AuditFailure, RefusalOf } from "../../src/shared/refusals";
import type { IdentityStatus } from "../../src/shared/schemas/identity";
import { findUser } from "../auth/users";
import { getDb } from "../db/database";
import { sha256Hex } from "../digest";
import { ApiError, parseWith, readJson } from "../http/api-error";
import { refusalError } from "../http/refusals";
import type { AppEnv } from "../http/app-types";
import { tunables } from "../tunables";
import type { PaymentsWallet } from "../payments/wallet";
import type { IdentityAsked, ProtectionWallet } from "../protection/wallet";
import { type KernelWallet, walletOf } from "../wallet";
import type { ApprovalKindRules } from "../approvals/approvals";
import { refusedError, requestApproval } from "../approvals/approvals";
import { writeAudit } from "../approvals/audit-log";
import { houseTotals, ledgerMismatches } from "./ledger-check";
import { isOwnAccount, moneyDeciderRefusal, refuseOwnAccount, requireRecentSignIn } from "./operator-guards";
import {
  AdjustmentRequestSchema,
  FreezeRequestSchema,
  IdentityResetRequestSchema,
  OperatorAccountRequestSchema,
  UnfreezeRequestSchema,
} from "../../src/shared/schemas/operator-actions";
import { adminEmails } from "../config";
import { auditStatement } from "../approvals/audit-log";
import { copyIdentityForConsole, releaseDocuments } from "./identity-records";
import type {
  AdjustmentAnswerSchema,
  ApprovalAnswer,
  FreezeAnswerSchema,
  LedgerAuditPageSchema,
  LedgerCheck,
  OperatorAccount,
  OperatorAccountAnswerSchema,
  PlayerDetail,
  PlayerHit,
} from "../../src/shared/schemas/operator-views";

const UidSchema = z.string().min(1).max(128);
const SearchSchema = z.object({ q: z.string().trim().min(1, "Type an e-mail or a handle.").max(200) });

/** One page of the all-wallets audit (`npm run audit`): players after `after` by id, or a random sample. */
const LedgerAuditSchema = z.strictObject({
  after: z.string().max(128).default(""),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  sample: z.enum(["0", "1"]).default("0"),
});

/** Players whose e-mail or handle starts with `q` (case-insensitive), or whose id is `q`. */
export async function searchPlayers(db: D1Database, q: string, limit = 25): Promise<PlayerHit[]> {
  const needle = q.toLowerCase().replace(/^@/, "");
  const like = `${needle.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const { results } = await db
    .prepare(
      `SELECT u.id AS uid, u.email AS email, u.display_name AS displayName, p.handle AS handle
         FROM users u LEFT JOIN player_profiles p ON p.user_id = u.id
        WHERE u.id = ? OR lower(u.email) LIKE ? ESCAPE '\\' OR p.handle LIKE ? ESCAPE '\\'
        ORDER BY lower(u.email) LIMIT ?`,
    )
    .bind(q, like, like, limit)
    .all<PlayerHit>();
  return results;
}

/** The operators an account was named as belonging to, oldest first. */
async function operatorAccountsOf(db: D1Database, uid: string): Promise<OperatorAccount[]> {
  const { results } = await db
    .prepare(
      `SELECT operator_email AS operatorEmail, named_by AS namedBy, reason, created_at AS createdAt
         FROM operator_own_accounts WHERE user_id = ? ORDER BY created_at, operator_email`,
    )
    .bind(uid)
    .all<OperatorAccount>();
  return results;
}

async function requirePlayer(env: Env, uid: string) {
  const user = await findUser(getDb(env), uid);
  if (!user) throw new ApiError(404, "not-found", "No such player.");
  return user;
}

export async function checkPlayerLedger(env: Env, uid: string, now: number): Promise<LedgerCheck> {
  const wallet = await walletOf<KernelWallet>(env, uid).auditLedgerDrained(uid, now);
  const row = await env.DB.prepare("SELECT coin_balance AS coinBalance, cash_cents AS cashCents FROM wallet_balances WHERE user_id = ?")
    .bind(uid)
    .first<{ coinBalance: number; cashCents: number }>();
  const projection = row ?? null;
  const mismatches = ledgerMismatches(wallet, projection);
  return { userId: uid, ok: mismatches.length === 0, mismatches, wallet, projection };
}

/**
 * An adjustment's id, which names its ledger row and, when it waits for a second operator,
 * its approval request: the server's, never the console's key alone. A digest of the player
 * and the console's retry key, so a retry names the same adjustment while the same key sent
 * for two players names two.
 */
export async function adjustmentIdFor(userId: string, retryKey: string): Promise<string> {
  return `adj_${(await sha256Hex(JSON.stringify(["vantage.adjustment.v1", userId, retryKey]))).slice(0, 32)}`;
}

export function playerAdminRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/players", async (c) => {
    const { q } = parseWith(SearchSchema, c.req.query());
    return c.json({ players: await searchPlayers(c.env.DB, q) } satisfies { players: PlayerHit[] });
  });

  app.get("/players/:uid", async (c) => {
    const uid = parseWith(UidSchema, c.req.param("uid"));
    const user = await requirePlayer(c.env, uid);
    const now = Date.now();
    const wallet = walletOf<KernelWallet & PaymentsWallet & ProtectionWallet>(c.env, uid);
    const [
      redeemable,
      ledger,
      bets,
      redemptions,
      disputes,
      fraudWarnings,
      freeze,
      protection,
      profile,
      refusals,
      claims,
      identity,
      identityCheck,
      operatorAccounts,
      yours,
    ] = await Promise.all([
      wallet.getRedeemable(uid, now, undefined, tunables(c.env).PURCHASE_HOLD_DAYS),
      wallet.getLedger(uid, now, 100),
      wallet.listBets(uid, { limit: 50 }, now),
      wallet.listRedemptions(uid, now),
      wallet.listDisputes(uid, now),
      wallet.listFraudWarnings(uid, now),
      wallet.getFreeze(uid, now),
      wallet.getProtection(uid, now),
      c.env.DB.prepare("SELECT handle FROM player_profiles WHERE user_id = ?").bind(uid).first<{ handle: string | null }>(),
      c.env.DB.prepare(
        `SELECT id, owner_user_id AS ownerUserId, account_id AS accountId, amount_cents AS amountCents, created_at AS createdAt
           FROM payout_identity_refusals WHERE user_id = ? ORDER BY created_at DESC LIMIT 20`,
      )
        .bind(uid)
        .all<{ id: number; ownerUserId: string; accountId: string; amountCents: number; createdAt: number }>(),
      c.env.DB.prepare(
        `SELECT fingerprint, provider, account_id AS accountId, created_at AS createdAt
           FROM payout_identities WHERE user_id = ? ORDER BY created_at DESC LIMIT 20`,
      )
        .bind(uid)
        .all<{ fingerprint: string; provider: string; accountId: string; createdAt: number }>(),
      wallet.getIdentityDetail(uid, now),
      c.env.DB.prepare("SELECT owner_user_id AS ownerUserId FROM identity_checks WHERE user_id = ?")
        .bind(uid)
        .first<{ ownerUserId: string | null }>(),
      operatorAccountsOf(c.env.DB, uid),
      isOwnAccount(c.env, c.var.user, user),
    ]);
    const { balances } = redeemable;
    return c.json({
      player: {
        uid,
        email: user.email,
        emailVerified: user.emailVerified,
        displayName: user.displayName,
        handle: profile?.handle ?? null,
        createdAt: user.createdAt,
        lastLoginAt: user.lastLoginAt,
      },
      balances: { coins: balances.coinBalance, cash: balances.vantageCash },
      owed: { coins: balances.owedCoins ?? 0, cash: balances.owedCash ?? 0 },
      redeemableCash: redeemable.redeemableCash,
      cashToPlay: redeemable.cashToPlay,
      redemptionPause: redeemable.redemptionPause,
      purchaseHolds: redeemable.purchaseHolds,
      frozen: freeze.frozen,
      freeze,
      protection: protection.state,
      ledger,
      bets: bets.bets,
      redemptions,
      disputes,
      fraudWarnings,
      payoutIdentityRefusals: refusals.results,
      payoutIdentities: claims.results,
      identity: { ...identity, ownerUserId: identityCheck?.ownerUserId ?? null },
      operatorAccounts,
      yours,
    } satisfies PlayerDetail);
  });

  // A player account an operator holds under another address: named here, it counts as that
  // operator's own for every duty (operator-guards.ts). Any operator may name one, the
  // operator themselves included; a naming is never taken back. Audited with the change.
  app.post("/players/:uid/operator-account", async (c) => {
    const uid = parseWith(UidSchema, c.req.param("uid"));
    const { operatorEmail, reason } = await readJson(c, OperatorAccountRequestSchema);
    const player = await requirePlayer(c.env, uid);
    const address = operatorEmail.trim().toLowerCase();
    if (!adminEmails(c.env).has(address)) {
      throw new ApiError(400, "not-an-operator", `${operatorEmail} is not an operator's address (ADMIN_EMAILS).`);
    }
    if (player.email.trim().toLowerCase() === address) {
      throw new ApiError(409, "operator-account", "This is the operator's own sign-in account already.");
    }
    const now = Date.now();
    const [inserted] = await c.env.DB.batch([
      c.env.DB.prepare(
        `INSERT INTO operator_own_accounts (user_id, operator_email, named_by, reason, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, operator_email) DO NOTHING`,
      ).bind(uid, address, c.var.user.email, reason, now),
      auditStatement(
        c.env.DB,
        { actor: c.var.user.email, action: "operator-account", target: uid, reason, details: { operatorEmail: address } },
        now,
        { afterChange: true },
      ),
    ]);
    return c.json({
      uid,
      changed: (inserted?.meta.changes ?? 0) > 0,
      operatorAccounts: await operatorAccountsOf(c.env.DB, uid),
    } satisfies z.infer<typeof OperatorAccountAnswerSchema>);
  });

  // Freezing is a brake, at once for any operator, on any account: an operator's own too,
  // since it only withholds (and an account named theirs must not be shielded from it).
  app.post("/players/:uid/freeze", async (c) => {
    const uid = parseWith(UidSchema, c.req.param("uid"));
    const { reason } = await readJson(c, FreezeRequestSchema);
    await requirePlayer(c.env, uid);
    const actor = c.var.user.email;
    // An account already frozen for the same reason is answered as is and not audited again;
    // another reason is a new freeze, so an unfreeze asked against the old one no longer lifts it.
    const answer = await walletOf<KernelWallet>(c.env, uid).setFreeze(uid, { frozen: true, reason, actor }, Date.now());
    if (!answer.ok) throw refusalError(answer);
    return c.json({
      uid,
      frozen: answer.freeze.frozen,
      changed: answer.changed,
      freeze: answer.freeze,
    } satisfies z.infer<typeof FreezeAnswerSchema>);
  });

  // Unfreezing releases held payouts and play, so it only asks: an `unfreeze` request a second
  // operator approves (four eyes, UNFREEZE_APPROVAL below), after a fresh sign-in like the other
  // money actions and never on an operator's own account. The request keeps the freeze it was
  // asked against (its `updatedAt`), so it never lifts a freeze put on again since. The account
  // stays frozen until then; one that is not frozen is 409 not-frozen, and asking again while a
  // request waits against the same freeze answers it.
  app.post("/players/:uid/unfreeze", requireRecentSignIn, async (c) => {
    const uid = parseWith(UidSchema, c.req.param("uid"));
    const { reason } = await readJson(c, UnfreezeRequestSchema);
    const player = await requirePlayer(c.env, uid);
    await refuseOwnAccount(c.env, c.var.user, player);
    const now = Date.now();
    const freeze = await walletOf<KernelWallet>(c.env, uid).getFreeze(uid, now);
    if (!freeze.frozen || freeze.updatedAt === null) {
      throw new ApiError(409, "not-frozen", "This account is not frozen: there is nothing to unfreeze.");
    }
    const requested = await requestApproval(
      c.env,
      { kind: "unfreeze", subject: uid, payload: { frozenAt: freeze.updatedAt }, reason },
      c.var.user,
      now,
    );
    if (!requested.ok) throw refusedError(requested);
    return c.json({ request: requested.request } satisfies ApprovalAnswer, 202);
  });

  // What the identity webhook cannot undo: an operator who has looked into a blocked check
  // (a document already verifying another account, a wrong document) asks to put the player
  // back at "never started". That releases the player's document and person claims, so the
  // person may verify another account: one operator alone could move a person from account
  // to account, so it is an `identity-reset` request a second operator approves (four eyes,
  // IDENTITY_RESET_APPROVAL below), after a fresh sign-in and never on an operator's own
  // account. The request keeps the check it was asked against (its state and verification
  // session); the check stays as it is until then. Nothing to reset is 409
  // identity-not-started, a document that showed a minor 409 identity-shows-minor; asking again
  // while a request waits answers it.
  app.post("/players/:uid/identity/reset", requireRecentSignIn, async (c) => {
    const uid = parseWith(UidSchema, c.req.param("uid"));
    const { reason } = await readJson(c, IdentityResetRequestSchema);
    await refuseOwnAccount(c.env, c.var.user, await requirePlayer(c.env, uid));
    const now = Date.now();
    const current = await walletOf<ProtectionWallet>(c.env, uid).getIdentityToReset(uid, now);
    if (!current.ok) throw refusalError(current);
    const requested = await requestApproval(
      c.env,
      { kind: "identity-reset", subject: uid, payload: { status: current.status, sessionId: current.sessionId }, reason },
      c.var.user,
      now,
    );
    if (!requested.ok) throw refusedError(requested);
    return c.json({ request: requested.request } satisfies ApprovalAnswer, 202);
  });

  // 200 with the new balances when applied at once (a small Coins adjustment); 202 with
  // the request when it waits for a second operator.
  app.post("/players/:uid/adjustments", requireRecentSignIn, async (c) => {
    const uid = parseWith(UidSchema, c.req.param("uid"));
    const input = await readJson(c, AdjustmentRequestSchema);
    await refuseOwnAccount(c.env, c.var.user, await requirePlayer(c.env, uid));
    const retryKey = input.idempotencyKey ?? c.req.header("Idempotency-Key") ?? undefined;
    const adjustmentId = retryKey === undefined ? undefined : await adjustmentIdFor(uid, retryKey);
    const now = Date.now();
    const rules = tunables(c.env);
    const askSecondOperator = async () => {
      const requested = await requestApproval(
        c.env,
        {
          id: adjustmentId,
          kind: "adjustment",
          subject: uid,
          payload: { wallet: input.wallet, amount: input.amount },
          reason: input.reason,
        },
        c.var.user,
        now,
      );
      if (!requested.ok) throw refusedError(requested);
      return c.json({ request: requested.request } satisfies ApprovalAnswer, 202);
    };
    if (input.wallet === "cash" || Math.abs(input.amount) > rules.ADJUSTMENT_APPROVAL_COINS) return askSecondOperator();
    const id = adjustmentId ?? `adj_${crypto.randomUUID().replaceAll("-", "")}`;
    // The wallet has the last word, in its transaction: the player's recent adjustments
    // together, or a credit while Coins are owed, wait for a second operator too.
    const answer = await walletOf<KernelWallet>(c.env, uid).adjustBalance(
      uid,
      {
        adjustmentId: id,
        wallet: input.wallet,
        amount: input.amount,
        alone: { approvalCoins: rules.ADJUSTMENT_APPROVAL_COINS, windowMs: rules.ADJUSTMENT_APPROVAL_WINDOW_HOURS * 3_600_000 },
      },
      { actor: c.var.user.email, reason: input.reason },
      now,
    );
    if (!answer.ok && answer.code === "adjustment-needs-approval") return askSecondOperator();
    if (!answer.ok) throw refusalError(answer);
    const { balances } = answer;
    return c.json({
      uid,
      adjustmentId: id,
      replayed: answer.replayed,
      balances: { coins: balances.coinBalance, cash: balances.vantageCash },
      owed: { coins: balances.owedCoins ?? 0, cash: balances.owedCash ?? 0 },
    } satisfies z.infer<typeof AdjustmentAnswerSchema>);
  });

  app.post("/players/:uid/ledger-check", async (c) => {
    const uid = parseWith(UidSchema, c.req.param("uid"));
    await requirePlayer(c.env, uid);
    const now = Date.now();
    const check = await checkPlayerLedger(c.env, uid, now);
    await writeAudit(
      c.env.DB,
      {
        actor: c.var.user.email,
        action: "check-ledger",
        target: uid,
        reason: check.ok ? "ledger agrees" : "MISMATCH",
        details: { mismatches: check.mismatches },
      },
      now,
    );
    return c.json(check satisfies LedgerCheck);
  });

  // Every wallet (or a sample), one page at a time: what `npm run audit` walks through.
  app.get("/ledger-audit", async (c) => {
    const query = parseWith(LedgerAuditSchema, c.req.query());
    const sample = query.sample === "1";
    const { results } = await c.env.DB.prepare(
      sample ? "SELECT id FROM users ORDER BY random() LIMIT ?" : "SELECT id FROM users WHERE id > ? ORDER BY id LIMIT ?",
    )
      .bind(...(sample ? [query.limit] : [query.after, query.limit]))
      .all<{ id: string }>();
    const now = Date.now();
    const checks: LedgerCheck[] = [];
    for (const { id } of results) checks.push(await checkPlayerLedger(c.env, id, now));
    const last = results[results.length - 1];
    return c.json({
      checked: checks.length,
      mismatches: checks.filter((check) => !check.ok),
      houseTotals: houseTotals(checks),
      next: !sample && last && results.length === query.limit ? last.id : null,
    } satisfies z.infer<typeof LedgerAuditPageSchema>);
  });

  return app;
}

export const UNFREEZE_APPROVAL: ApprovalKindRules = {
  // Rejecting leaves the account frozen, so any operator may.
  guard: (env, request, operator, requester, decision) => moneyDeciderRefusal(env, request.subject, operator, requester, decision, true),
  async apply(env, request, approver, now) {
    if (request.kind !== "unfreeze") throw new Error(`not an unfreeze: ${request.kind}`);
    const uid = request.subject;
    // The wallet writes the audit row (`unfreeze`, by the approver, with the request's reason) in
    // its transaction and wakes to send what the freeze held; an account unfrozen meanwhile is
    // answered `changed: false` (an approval finishing a try that stopped midway). It lifts only
    // the freeze the request was asked against: one put on again since is refused
    // (freeze-changed), and so is any freeze for a request stored before requests kept theirs
    // (payload `{}`): which freeze it was asked against is not known, and lifting a newer one
    // would release what another operator held for a new reason. Operators ask again.
    const answer = await walletOf<KernelWallet>(env, uid).setFreeze(
      uid,
      { frozen: false, reason: request.reason, actor: approver.email, asked: { frozenAt: request.payload.frozenAt ?? null } },
      now,
    );
    if (!answer.ok) return answer;
    return { ok: true, outcome: { uid, frozen: answer.freeze.frozen, changed: answer.changed } };
  },
};

/**
 * Puts the player's identity check back at "never started" in the wallet (the session retired,
 * with its audit row), then releases the player's document and person claims in D1 and brings
 * the console's copy in step. D1 follows the wallet even when there was nothing left to reset:
 * a retry after D1 failed finds the wallet reset already and still releases the claims. A reset
 * the wallet refused otherwise (its audit row not written, a check that moved on from `asked`)
 * leaves it holding the verified document, which must not verify another account meanwhile.
 */
async function resetIdentityAndClaims(
  env: Env,
  uid: string,
  audit: { actor: string; reason: string },
  asked: IdentityAsked,
  now: number,
): Promise<
  | { ok: true; previous: IdentityStatus; changed: boolean; releasedDocuments: number }
  | RefusalOf<"identity-shows-minor" | "identity-changed">
  | AuditFailure
> {
  const wallet = walletOf<ProtectionWallet>(env, uid);
  const reset = await wallet.resetIdentity(uid, audit, now, asked);
  const db = getDb(env);
  const release = reset.ok || reset.code === "identity-not-started";
  const releasedDocuments = release ? await releaseDocuments(db, uid) : 0;
  await copyIdentityForConsole(db, uid, await wallet.getIdentity(uid, now), now);
  if (reset.ok) return { ok: true, previous: reset.previous.status, changed: true, releasedDocuments };
  if (reset.code === "identity-not-started") return { ok: true, previous: "none", changed: false, releasedDocuments };
  return reset;
}

export const IDENTITY_RESET_APPROVAL: ApprovalKindRules = {
  // Rejecting leaves the check and its claims as they are, so any operator may.
  guard: (env, request, operator, requester, decision) => moneyDeciderRefusal(env, request.subject, operator, requester, decision, true),
  async apply(env, request, approver, now) {
    if (request.kind !== "identity-reset") throw new Error(`not an identity reset: ${request.kind}`);
    const uid = request.subject;
    // Audited `identity-reset` by the approver, with the request's reason, in the wallet's
    // transaction; a check that is not the one it was asked against (another state, or a new
    // verification session that came to the same state) is refused (identity-changed), one
    // already reset (an approval finishing a try that stopped midway) is answered `changed:
    // false`. A request stored before requests kept the session (no `sessionId`) is refused
    // likewise while there is a check: which verification it was asked against is not known,
    // and resetting a newer one would release what it claimed. Operators ask again.
    const answer = await resetIdentityAndClaims(env, uid, { actor: approver.email, reason: request.reason }, request.payload, now);
    if (!answer.ok) return answer;
    const { ok: _ok, ...outcome } = answer;
    return { ok: true, outcome: { uid, ...outcome } };
  },
};
