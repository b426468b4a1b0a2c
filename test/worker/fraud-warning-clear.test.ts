// Clearing an early fraud warning takes two operators: one asks, and until a second approves,
// the warning stays open, the player's redemptions stay held and an actionable warning's
// refund stays owed. The asker cannot approve their own request, and nobody asks or approves
// on their own account (anyone may reject, which leaves the warning holding).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlayerDetail } from "../../src/shared/schemas/operator-views";
import { FRAUD_WARNING_HOLD_MESSAGE } from "../../worker/payments/wallet";
import { getUserWallet } from "../../worker/user-wallet";
import { api, postJson, signIn, type SignedIn } from "./helpers";
import { ADMIN_EMAIL, SECOND_OPERATOR, errorOf, signInOperators } from "./four-eyes-helpers";

type Request = { id: string; kind: string; status: string; subjectLabel: string; payload: unknown; outcome: unknown };
type AuditEntries = { entries: { actor: string; action: string; reason: string; details: Record<string, unknown> }[] };

let admin: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  ({ admin, ops } = await signInOperators());
});

const detailOf = async (uid: string) => (await (await api(`/api/admin/players/${uid}`, { token: admin.token })).json()) as PlayerDetail;

const askClear = (uid: string, warningId: string, token: string, reason = "card holder confirmed the purchase") =>
  postJson(`/api/admin/players/${uid}/fraud-warnings/${warningId}/clear`, { reason }, token);

const decide = (request: Request, decision: "approve" | "reject", token: string) =>
  postJson(`/api/admin/approvals/${request.id}/${decision}`, { reason: "looked at the card holder's answer" }, token);

async function asked(res: Response): Promise<Request> {
  expect(res.status).toBe(202);
  return ((await res.json()) as { request: Request }).request;
}

/** A player with a bought pack on which the issuer sent an actionable warning whose refund is still owed. */
async function warnedPlayer(): Promise<{ uid: string; warningId: string }> {
  const player = await signIn();
  const uid = player.userId;
  const wallet = getUserWallet(env, uid);
  const id = crypto.randomUUID().replaceAll("-", "");
  const paymentIntent = `pi_clear_${id}`;
  const bought = await wallet.creditPurchase(uid, { checkoutSessionId: `cs_clear_${id}`, amountCents: 4999, paymentIntent }, Date.now());
  expect(bought.ok).toBe(true);
  const warningId = `issfr_clear_${id}`;
  const warned = await wallet.recordFraudWarning(
    uid,
    { warningId, paymentIntent, chargeId: null, actionable: true, fraudType: "made_with_stolen_card" },
    Date.now(),
  );
  expect(warned).toMatchObject({ ok: true, recorded: true });
  return { uid, warningId };
}

describe("clearing an early fraud warning", () => {
  it("waits for a second operator: until then the warning holds redemptions and its refund stays owed", async () => {
    const { uid, warningId } = await warnedPlayer();
    const before = await detailOf(uid);
    expect(before.redemptionPause).toBe(FRAUD_WARNING_HOLD_MESSAGE);
    expect(before.fraudWarnings).toEqual([
      expect.objectContaining({ id: warningId, open: true, refundOwed: expect.objectContaining({ tries: 0 }) }),
    ]);

    const request = await asked(await askClear(uid, warningId, admin.token));
    expect(request).toMatchObject({ kind: "fraud-warning-clear", status: "pending", payload: { warningId } });
    // Asking again answers the same request.
    expect((await asked(await askClear(uid, warningId, admin.token))).id).toBe(request.id);

    // Asked, not cleared: nothing the player or the operators see has changed.
    const waiting = await detailOf(uid);
    expect(waiting.redemptionPause).toBe(FRAUD_WARNING_HOLD_MESSAGE);
    expect(waiting.fraudWarnings).toEqual([
      expect.objectContaining({ id: warningId, open: true, cleared: null, refundOwed: expect.objectContaining({ tries: 0 }) }),
    ]);

    // The asker cannot approve it.
    expect(await errorOf(await decide(request, "approve", admin.token))).toMatchObject({ status: 403, code: "own-request" });
    expect((await detailOf(uid)).fraudWarnings[0]).toMatchObject({ open: true });

    // A second operator approves it: the warning is cleared, by them, and the player may redeem again.
    const approved = await decide(request, "approve", ops.token);
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { request: Request }).request).toMatchObject({
      status: "approved",
      outcome: { uid, warningId, changed: true },
    });
    const after = await detailOf(uid);
    expect(after.redemptionPause).toBeNull();
    expect(after.fraudWarnings).toEqual([
      expect.objectContaining({
        id: warningId,
        open: false,
        refundOwed: null,
        cleared: expect.objectContaining({ by: SECOND_OPERATOR, reason: "card holder confirmed the purchase" }),
      }),
    ]);
    const audit = (await (await api(`/api/admin/audit?target=${uid}`, { token: admin.token })).json()) as AuditEntries;
    expect(audit.entries.map((e) => [e.action, e.actor])).toEqual([
      ["fraud-warning-clear", SECOND_OPERATOR],
      ["approve", SECOND_OPERATOR],
      ["request", ADMIN_EMAIL],
    ]);

    // Cleared, it cannot be asked for again.
    expect(await errorOf(await askClear(uid, warningId, admin.token))).toMatchObject({ status: 409, code: "fraud-warning-cleared" });
  });

  it("answers 404 for a warning the player does not have, and asks nothing", async () => {
    const { uid } = await warnedPlayer();
    const unknown = await errorOf(await askClear(uid, "issfr_nobody", admin.token));
    expect(unknown).toMatchObject({ status: 404, code: "not-found", message: "No such fraud warning for this player." });
    // Another player's warning is not this player's.
    const other = await warnedPlayer();
    expect(await errorOf(await askClear(uid, other.warningId, admin.token))).toMatchObject({ status: 404, code: "not-found" });
    expect(await errorOf(await askClear("no-such-player", other.warningId, admin.token))).toMatchObject({ status: 404, code: "not-found" });
    const requests = await env.DB.prepare("SELECT COUNT(*) AS n FROM approval_requests WHERE kind = 'fraud-warning-clear' AND subject = ?")
      .bind(uid)
      .first<{ n: number }>();
    expect(requests?.n).toBe(0);
  });

  it("is neither asked nor approved on the operator's own account; rejecting leaves the warning holding", async () => {
    const { uid, warningId } = await warnedPlayer();
    const named = await postJson(
      `/api/admin/players/${uid}/operator-account`,
      { operatorEmail: ADMIN_EMAIL, reason: "their own account" },
      ops.token,
    );
    expect(named.status).toBe(200);

    expect(await errorOf(await askClear(uid, warningId, admin.token))).toMatchObject({ status: 403, code: "own-account" });
    const request = await asked(await askClear(uid, warningId, ops.token));
    expect(await errorOf(await decide(request, "approve", admin.token))).toMatchObject({ status: 403, code: "own-account" });
    expect((await detailOf(uid)).fraudWarnings[0]).toMatchObject({ open: true, refundOwed: expect.objectContaining({ tries: 0 }) });

    // Rejecting only keeps the hold, so that operator may.
    const rejected = await decide(request, "reject", admin.token);
    expect(rejected.status).toBe(200);
    expect(((await rejected.json()) as { request: Request }).request.status).toBe("rejected");
    const after = await detailOf(uid);
    expect(after.redemptionPause).toBe(FRAUD_WARNING_HOLD_MESSAGE);
    expect(after.fraudWarnings[0]).toMatchObject({ open: true, cleared: null, refundOwed: expect.objectContaining({ tries: 0 }) });
  });
});
