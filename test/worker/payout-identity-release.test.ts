// Releasing a bank account a player's payouts claimed: one operator asks, a second approves
// (never the asker, never on their own account), and only then may another account redeem to
// it; the player's detail lists the claims, and the audit log keeps the release.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlayerDetail } from "../../src/shared/schemas/operator-views";
import { api, postJson, signIn, type SignedIn } from "./helpers";
import { buyCash, completeOnboarding, withdraw } from "./payout-helpers";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const SECOND_OPERATOR = "ops@vantage.test";

type Request = { id: string; kind: string; status: string; subjectLabel: string; outcome: Record<string, unknown> | null };

let admin: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  admin = await signIn(ADMIN_EMAIL, "Operator");
  ops = await signIn(SECOND_OPERATOR, "Ops");
});

const errorCodeOf = async (res: Response) => ({ status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code });

const detailOf = async (player: SignedIn) =>
  (await (await api(`/api/admin/players/${player.userId}`, { token: admin.token })).json()) as PlayerDetail;

const release = (player: SignedIn, body: unknown, token = admin.token) =>
  postJson(`/api/admin/players/${player.userId}/payout-identities/release`, body, token);

/** A player with Vantage Cash and a payout account onboarded to this bank account number. */
async function onboardedTo(accountNumber: string): Promise<SignedIn> {
  const player = await signIn();
  await buyCash(player);
  const { done } = await completeOnboarding(player, { routing_number: "110000000", account_number: accountNumber });
  expect(done.status).toBe(303);
  return player;
}

describe("releasing a claimed bank account", () => {
  it("waits for a second operator, then lets another account redeem to it", async () => {
    const accountNumber = `${Date.now() % 1e9}77`;
    const holder = await onboardedTo(accountNumber);
    expect((await withdraw(holder, 20)).status).toBe(200);
    const [claim] = (await detailOf(holder)).payoutIdentities;
    expect(claim).toMatchObject({ provider: "simulated" });

    // The same bank account on another player's payout account: refused while claimed.
    const other = await onboardedTo(accountNumber);
    expect(await errorCodeOf(await withdraw(other, 20))).toEqual({ status: 403, code: "payout-identity-in-use" });

    const asked = await release(holder, { fingerprint: claim!.fingerprint, reason: "a family member's account, shared before" });
    expect(asked.status).toBe(202);
    const { request } = (await asked.json()) as { request: Request };
    expect(request).toMatchObject({ kind: "payout-identity-release", status: "pending", subjectLabel: holder.email });
    expect(await errorCodeOf(await withdraw(other, 20))).toEqual({ status: 403, code: "payout-identity-in-use" });

    // The asker cannot approve it; a second operator does, once.
    expect(await errorCodeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, {}, admin.token))).toEqual({
      status: 403,
      code: "own-request",
    });
    const approved = await postJson(`/api/admin/approvals/${request.id}/approve`, { reason: "checked the statements" }, ops.token);
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { request: Request }).request.outcome).toMatchObject({ released: true });
    expect((await detailOf(holder)).payoutIdentities).toEqual([]);
    const audit = (await (await api(`/api/admin/audit?target=${holder.userId}`, { token: admin.token })).json()) as {
      entries: { action: string; actor: string; details: Record<string, unknown> }[];
    };
    expect(audit.entries.filter((e) => e.action === "payout-identity-release")).toEqual([
      expect.objectContaining({ actor: SECOND_OPERATOR, details: expect.objectContaining({ fingerprint: claim!.fingerprint }) }),
    ]);

    // Released: the other account's withdrawal goes, and claims the bank account in its turn.
    expect((await withdraw(other, 20)).status).toBe(200);
    expect((await detailOf(other)).payoutIdentities.map((c) => c.fingerprint)).toEqual([claim!.fingerprint]);
  });

  it("answers 404 for a bank account the player does not hold, and 403 on the operator's own account", async () => {
    const player = await onboardedTo(`${Date.now() % 1e9}88`);
    expect(await errorCodeOf(await release(player, { fingerprint: "fp_sim_nothing", reason: "mistaken" }))).toEqual({
      status: 404,
      code: "payout-identity-not-found",
    });
    expect(
      await errorCodeOf(
        await postJson(
          `/api/admin/players/${admin.userId}/payout-identities/release`,
          { fingerprint: "fp_x", reason: "mine" },
          admin.token,
        ),
      ),
    ).toEqual({ status: 403, code: "own-account" });
    expect(await errorCodeOf(await release(player, { fingerprint: "fp_x" }))).toMatchObject({ status: 400 });
    const pending = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM approval_requests WHERE kind = 'payout-identity-release' AND subject = ?",
    )
      .bind(player.userId)
      .first<{ n: number }>();
    expect(pending?.n).toBe(0);
  });

  it("is neither asked nor approved by an operator whose own account it would let in", async () => {
    const accountNumber = `${Date.now() % 1e9}99`;
    const holder = await onboardedTo(accountNumber);
    expect((await withdraw(holder, 20)).status).toBe(200);
    const [claim] = (await detailOf(holder)).payoutIdentities;
    // An account of the second operator's (named theirs in the console) was refused that bank account.
    const opsAlt = await onboardedTo(accountNumber);
    const named = await postJson(
      `/api/admin/players/${opsAlt.userId}/operator-account`,
      { operatorEmail: SECOND_OPERATOR, reason: "their own account" },
      admin.token,
    );
    expect(named.status).toBe(200);
    expect(await errorCodeOf(await withdraw(opsAlt, 20))).toEqual({ status: 403, code: "payout-identity-in-use" });

    expect(await errorCodeOf(await release(holder, { fingerprint: claim!.fingerprint, reason: "mine to use" }, ops.token))).toEqual({
      status: 403,
      code: "own-account",
    });
    const asked = await release(holder, { fingerprint: claim!.fingerprint, reason: "looks shared" });
    const { request } = (await asked.json()) as { request: Request };
    expect(await errorCodeOf(await postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token))).toEqual({
      status: 403,
      code: "own-account",
    });
    expect((await detailOf(holder)).payoutIdentities).toEqual([claim]);
    // Rejecting only keeps the claim, so that operator may.
    expect((await postJson(`/api/admin/approvals/${request.id}/reject`, { reason: "not shared after all" }, ops.token)).status).toBe(200);
  });
});
