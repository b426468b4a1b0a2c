// Players: look a player up by e-mail or handle; see balances and what is owed, the last
// 100 ledger rows, bets, redemptions, disputes, early fraud warnings (with Clear), protection and payout-identity refusals;
// freeze / ask to unfreeze, adjust a balance, correct the date of birth, ask to reset the identity
// check and check the ledger — each confirmed with a reason. A blocked identity check shows the
// verified document's date beside the confirmed one, so the operator can see which fix fits.
// Unfreezing, a Vantage Cash (or large Coins) adjustment, clearing an early fraud warning,
// resetting an identity check and releasing a claimed bank account are only asked for: each
// waits in Approvals for another operator. On the operator's own accounts (their sign-in, or one sharing their document or
// payout account, or named theirs here) nothing but looking is offered; any account may be
// named as an operator's own, which the Worker then treats as such.
import { useCallback, useContext, useState, type FormEvent } from "react";
import { useApi, useAuth } from "../../../session/auth-provider";
import { errorMessage } from "../../../lib/api-client";
import { formatAmount, parseAmountToMinor, type WalletKind } from "../../../shared/money";
import {
  adjustBalance,
  checkLedger,
  askFraudWarningClear,
  askPayoutIdentityRelease,
  askIdentityReset,
  askUnfreeze,
  correctDateOfBirth,
  fetchPlayer,
  freezePlayer,
  nameOperatorAccount,
  searchPlayers,
} from "../api/admin-api";
import { isValidDateOfBirth } from "../../../shared/protection";
import type { HouseAccounts, LedgerCheck, PlayerDetail, PlayerHit } from "../../../shared/schemas/operator-views";
import { AdminDeniedContext, isNotAnOperator, useAdminLoad } from "../hooks/use-admin-load";
import { ActionDialog } from "./action-dialog";
import { fingerprintTail, formatSigned, formatTime, WALLET_SHORT } from "./admin-format";
import { PlayerPlayPanel } from "./player-play-panel";
import { AdminTable } from "./admin-table";
import { LoadError, Loading, Section, Stat } from "./view-state";

type Search =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; q: string; players: PlayerHit[] };

/**
 * The house side of the player's double-entry ledger: each house account that moved, in
 * both currencies (credits − debits; minus what the player was paid from it, plus what it
 * took from them).
 */
function HouseSide({ accounts }: { accounts: HouseAccounts }) {
  const names = [...new Set([...Object.keys(accounts.coins), ...Object.keys(accounts.cash)])].filter(
    (name) => (accounts.coins[name] ?? 0) !== 0 || (accounts.cash[name] ?? 0) !== 0,
  );
  if (names.length === 0) return null;
  return (
    <table className="admin-table admin-house-side">
      <caption>House side of this player's ledger</caption>
      <thead>
        <tr>
          <th scope="col">Account</th>
          <th scope="col">Coins</th>
          <th scope="col">Vantage Cash</th>
        </tr>
      </thead>
      <tbody>
        {names.map((name) => (
          <tr key={name}>
            <th scope="row">{name.replaceAll("_", " ")}</th>
            <td className="tabular">{formatSigned("coins", accounts.coins[name] ?? 0)}</td>
            <td className="tabular">{formatSigned("cash", accounts.cash[name] ?? 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PlayersTab({ onChanged }: { onChanged(message: string): void }) {
  const api = useApi();
  const [q, setQ] = useState("");
  const [search, setSearch] = useState<Search>({ status: "idle" });
  const [selected, setSelected] = useState<string | null>(null);
  const deny = useContext(AdminDeniedContext);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = q.trim();
    if (!text) return;
    setSearch({ status: "loading" });
    try {
      const players = await searchPlayers(api, text);
      setSearch({ status: "ready", q: text, players });
      if (players.length === 1) setSelected(players[0]!.uid);
    } catch (err) {
      // The search route answers 404 only to someone who is not an operator.
      if (isNotAnOperator(err)) deny();
      else setSearch({ status: "error", message: errorMessage(err, "The search failed. Try again.") });
    }
  };

  return (
    <div className="admin-stack">
      <form className="admin-search" role="search" onSubmit={submit}>
        <label className="visually-hidden" htmlFor="admin-player-search">
          E-mail or handle
        </label>
        <input
          id="admin-player-search"
          className="input"
          placeholder="E-mail or @handle"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={!q.trim() || search.status === "loading"}>
          {search.status === "loading" ? "Searching..." : "Find player"}
        </button>
      </form>
      {search.status === "error" && (
        <p className="admin-error" role="alert">
          {search.message}
        </p>
      )}
      {search.status === "ready" && (
        <AdminTable
          rows={search.players}
          rowKey={(p) => p.uid}
          rowProps={(p) => ({ "aria-selected": p.uid === selected, className: p.uid === selected ? "admin-row-selected" : undefined })}
          columns={[
            { header: "E-mail", cell: (p) => p.email },
            { header: "Name", cell: (p) => p.displayName },
            { header: "Handle", cell: (p) => (p.handle ? `@${p.handle}` : "—") },
            {
              cell: (p) => (
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => setSelected(p.uid)} aria-label={`Open ${p.email}`}>
                  Open
                </button>
              ),
            },
          ]}
          empty={<>No player matches “{search.q}”.</>}
        />
      )}
      {selected && <PlayerPanel key={selected} uid={selected} onChanged={onChanged} />}
    </div>
  );
}

type Dialog =
  | "freeze"
  | "unfreeze"
  | "adjust"
  | "date-of-birth"
  | "identity-reset"
  | "operator-account"
  | { clearWarning: string }
  | { releaseBankAccount: string }
  | null;

function PlayerPanel({ uid, onChanged }: { uid: string; onChanged(message: string): void }) {
  const { api } = useAuth();
  const detail = useAdminLoad(
    useCallback(() => fetchPlayer(api, uid), [api, uid]),
    { missingMeansDenied: false },
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const [operatorEmail, setOperatorEmail] = useState("");
  const [wallet, setWallet] = useState<WalletKind>("coins");
  const [direction, setDirection] = useState<"credit" | "debit">("credit");
  const [amount, setAmount] = useState("");
  const [adjustmentKey, setAdjustmentKey] = useState(() => crypto.randomUUID());
  const [dateOfBirth, setDateOfBirth] = useState("");
  const [check, setCheck] = useState<
    { status: "running" } | { status: "done"; result: LedgerCheck } | { status: "error"; message: string } | null
  >(null);

  const data: PlayerDetail | null = detail.data;
  const minor = parseAmountToMinor(wallet, amount);
  const signed = minor === null ? null : direction === "debit" ? -minor : minor;
  const amountInvalid = !minor
    ? `Enter an amount of ${wallet === "coins" ? "whole Coins" : "Vantage Cash (up to 2 decimals)"} above zero.`
    : null;

  const runCheck = async () => {
    setCheck({ status: "running" });
    try {
      setCheck({ status: "done", result: await checkLedger(api, uid) });
    } catch (err) {
      setCheck({ status: "error", message: errorMessage(err, "The check failed. Try again.") });
    }
  };

  return (
    <section className="admin-player card" aria-label="Player">
      {!data && detail.status === "loading" && <Loading what="the player" />}
      {detail.status === "error" && <LoadError message={detail.message} onRetry={detail.reload} />}
      {data && (
        <>
          <div className="admin-player-head">
            <div>
              <h2>
                {data.player.displayName} {data.player.handle && <span className="admin-muted">@{data.player.handle}</span>}
              </h2>
              <div className="admin-muted">
                {data.player.email} {data.player.emailVerified ? "" : "(unverified)"} · <span className="admin-id">{data.player.uid}</span>
              </div>
            </div>
            <div className="admin-actions">
              {data.yours ? (
                <span className="admin-muted">Your own account: another operator must act on it.</span>
              ) : (
                <>
                  {/* Keyed apart, so the button is replaced rather than restyled mid-transition. */}
                  {data.frozen ? (
                    <button key="unfreeze" type="button" className="btn btn-sm btn-primary" onClick={() => setDialog("unfreeze")}>
                      Ask to unfreeze
                    </button>
                  ) : (
                    <button key="freeze" type="button" className="btn btn-sm btn-danger" onClick={() => setDialog("freeze")}>
                      Freeze
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost"
                    onClick={() => {
                      setAmount("");
                      setAdjustmentKey(crypto.randomUUID());
                      setDialog("adjust");
                    }}
                  >
                    Adjust balance
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost"
                    onClick={() => {
                      // A mismatch is most often a mistyped confirmed date: offer the document's.
                      setDateOfBirth(data.identity.verifiedDateOfBirth ?? data.protection.dateOfBirth ?? "");
                      setDialog("date-of-birth");
                    }}
                  >
                    Correct date of birth
                  </button>
                  {data.identity.status !== "none" && (
                    <button type="button" className="btn btn-sm btn-ghost" onClick={() => setDialog("identity-reset")}>
                      Ask to reset identity check
                    </button>
                  )}
                </>
              )}
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                onClick={() => {
                  setOperatorEmail("");
                  setDialog("operator-account");
                }}
              >
                Name as an operator's account
              </button>
              <button type="button" className="btn btn-sm btn-ghost" onClick={runCheck} disabled={check?.status === "running"}>
                {check?.status === "running" ? "Checking..." : "Check ledger"}
              </button>
            </div>
          </div>
          {data.frozen && (
            <p className="admin-frozen" role="status">
              Frozen by {data.freeze.actor} on {formatTime(data.freeze.updatedAt)}: {data.freeze.reason}
            </p>
          )}
          {check?.status === "error" && (
            <p className="admin-error" role="alert">
              {check.message}
            </p>
          )}
          {check?.status === "done" && (
            <>
              <div className={check.result.ok ? "admin-check-ok" : "admin-check-bad"} role="status">
                {check.result.ok
                  ? "Ledger check passed: ledger sums equal the balances, owed agrees, the house accounts balance the player's, D1 agrees with the wallet."
                  : "Ledger check found mismatches:"}
                {!check.result.ok && (
                  <ul>
                    {check.result.mismatches.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                )}
              </div>
              <HouseSide accounts={check.result.wallet.houseAccounts} />
            </>
          )}
          <dl className="admin-stats">
            <Stat label="Coins">{formatAmount("coins", data.balances.coins)}</Stat>
            <Stat label="Vantage Cash">{formatAmount("cash", data.balances.cash)}</Stat>
            <Stat label="Owed" className={data.owed.coins || data.owed.cash ? "admin-bad" : undefined}>
              {data.owed.coins || data.owed.cash
                ? `${formatAmount("coins", data.owed.coins)} · ${formatAmount("cash", data.owed.cash)}`
                : "nothing"}
            </Stat>
            <Stat label="Redeemable">{formatAmount("cash", data.redeemableCash)}</Stat>
            <Stat label="Still to play">{formatAmount("cash", data.cashToPlay)}</Stat>
            <Stat label="Status" className={data.frozen || data.protection.closed ? "admin-bad" : "admin-ok"}>
              {data.frozen
                ? "frozen"
                : data.protection.closed
                  ? `closed (${data.protection.closed})`
                  : data.protection.breakUntil && data.protection.breakUntil > Date.now()
                    ? `on a break until ${formatTime(data.protection.breakUntil)}`
                    : "active"}
            </Stat>
            <Stat label="Date of birth">{data.protection.dateOfBirth ?? "not confirmed"}</Stat>
            <Stat
              label="Identity"
              className={data.identity.status === "mismatch" || data.identity.status === "in-use" ? "admin-bad" : undefined}
            >
              {data.identity.status}
              {data.identity.ownerUserId ? ` (document of ${data.identity.ownerUserId})` : ""}
            </Stat>
          </dl>
          {(data.identity.status === "mismatch" || data.identity.status === "in-use") && (
            <p className="admin-muted">
              Redemptions blocked by identity: {data.identity.reason ?? data.identity.status}
              {data.identity.status === "mismatch" && data.identity.verifiedDateOfBirth
                ? ` The document says ${data.identity.verifiedDateOfBirth}; the player confirmed ${data.protection.dateOfBirth ?? "nothing"}.`
                : ""}
            </p>
          )}
          {data.redemptionPause && <p className="admin-muted">Redemptions paused: {data.redemptionPause}</p>}
          {data.operatorAccounts.length > 0 && (
            <p className="admin-muted">
              An operator's own account:{" "}
              {data.operatorAccounts.map((a) => `${a.operatorEmail} (named by ${a.namedBy}: ${a.reason})`).join("; ")}
            </p>
          )}
          <PlayerPlayPanel uid={uid} own={data.yours} onChanged={onChanged} />
          <Section title={`Ledger (newest ${data.ledger.length})`}>
            <AdminTable
              scroll
              rows={data.ledger}
              rowKey={(r) => r.seq}
              columns={[
                { header: "When", cell: (r) => formatTime(r.createdAt) },
                { header: "Wallet", cell: (r) => WALLET_SHORT[r.currency] },
                {
                  header: "Amount",
                  num: true,
                  className: (r) => (r.amount < 0 ? "admin-bad" : "admin-ok"),
                  cell: (r) => formatSigned(r.currency, r.amount),
                },
                { header: "Balance after", num: true, cell: (r) => formatSigned(r.currency, r.balanceAfter) },
                { header: "Reason", cell: (r) => r.reason },
                { header: "Reference", className: "admin-id", cell: (r) => r.reference },
              ]}
            />
          </Section>
          <Section title="Bets">
            <AdminTable
              scroll
              rows={data.bets}
              rowKey={(b) => b.id}
              empty="No bets."
              columns={[
                { header: "Placed", cell: (b) => formatTime(b.createdAt) },
                { header: "Kind", cell: (b) => b.kind },
                {
                  header: "Selection",
                  className: "admin-wrap",
                  cell: (b) => b.legs.map((l) => `${l.away} @ ${l.home} ${l.market} ${l.side}`).join("; "),
                },
                { header: "Stake", num: true, cell: (b) => formatAmount(b.wallet, b.stake) },
                { header: "Status", cell: (b) => b.result ?? b.status },
                { header: "Paid", num: true, cell: (b) => formatAmount(b.wallet, b.payoutPaid) },
              ]}
            />
          </Section>
          <Section title="Redemptions">
            <AdminTable
              rows={data.redemptions}
              rowKey={(r) => r.id}
              empty="No redemptions."
              columns={[
                { header: "Requested", cell: (r) => formatTime(r.createdAt) },
                { header: "Amount", num: true, cell: (r) => formatAmount("cash", r.amountCents) },
                { header: "Status", cell: (r) => r.status },
                { header: "Detail", className: "admin-wrap", cell: (r) => r.failureReason ?? r.payoutReference ?? "—" },
              ]}
            />
          </Section>
          <Section title="Disputes">
            <AdminTable
              rows={data.disputes}
              rowKey={(d) => d.id}
              empty="No card disputes."
              columns={[
                { header: "Opened", cell: (d) => formatTime(d.createdAt) },
                { header: "Dispute", className: "admin-id", cell: (d) => d.id },
                { header: "Status", cell: (d) => d.status },
                { header: "Open", cell: (d) => (d.open ? "yes" : "no") },
              ]}
            />
          </Section>
          <Section title="Early fraud warnings">
            <AdminTable
              rows={data.fraudWarnings}
              rowKey={(w) => w.id}
              empty="No early fraud warnings."
              columns={[
                { header: "Received", cell: (w) => formatTime(w.createdAt) },
                { header: "Warning", className: "admin-id", cell: (w) => w.id },
                { header: "Type", cell: (w) => w.fraudType },
                { header: "Actionable", cell: (w) => (w.actionable ? "yes" : "no") },
                {
                  header: "Charge",
                  cell: (w) =>
                    w.chargeSettled
                      ? "refunded or lost to a dispute"
                      : w.refundOwed
                        ? `refund owed: ${w.refundOwed.tries} failed ${w.refundOwed.tries === 1 ? "try" : "tries"}, next ${formatTime(w.refundOwed.nextTryAt)}${w.refundOwed.lastError ? ` (${w.refundOwed.lastError})` : ""}`
                        : "standing",
                },
                {
                  header: "Holds redemptions",
                  cell: (w) => (w.open ? "yes, until cleared" : w.cleared ? `cleared by ${w.cleared.by}: ${w.cleared.reason}` : "no"),
                },
                {
                  header: "",
                  cell: (w) =>
                    w.open && !data.yours ? (
                      <button type="button" className="btn btn-sm btn-ghost" onClick={() => setDialog({ clearWarning: w.id })}>
                        Ask to clear
                      </button>
                    ) : null,
                },
              ]}
            />
          </Section>
          {data.payoutIdentities.length > 0 && (
            <Section title="Bank accounts claimed">
              <p className="admin-muted">No other account may redeem to these while this player holds them.</p>
              <AdminTable
                rows={data.payoutIdentities}
                rowKey={(r) => r.fingerprint}
                columns={[
                  { header: "Bank account", className: "admin-id", cell: (r) => `…${fingerprintTail(r.fingerprint)}` },
                  { header: "Payout account", className: "admin-id", cell: (r) => r.accountId },
                  { header: "Claimed", cell: (r) => formatTime(r.createdAt) },
                  {
                    header: "",
                    cell: (r) =>
                      data.yours ? null : (
                        <button
                          type="button"
                          className="btn btn-sm btn-ghost"
                          onClick={() => setDialog({ releaseBankAccount: r.fingerprint })}
                          aria-label={`Release bank account …${fingerprintTail(r.fingerprint)}`}
                        >
                          Release
                        </button>
                      ),
                  },
                ]}
              />
            </Section>
          )}
          {data.payoutIdentityRefusals.length > 0 && (
            <Section title="Payout-identity refusals">
              <AdminTable
                rows={data.payoutIdentityRefusals}
                rowKey={(r) => r.id}
                columns={[
                  { header: "When", cell: (r) => formatTime(r.createdAt) },
                  { header: "Destination owned by", className: "admin-id", cell: (r) => r.ownerUserId },
                  { header: "Amount", num: true, cell: (r) => formatAmount("cash", r.amountCents) },
                ]}
              />
            </Section>
          )}
        </>
      )}
      {data && dialog === "operator-account" && (
        <ActionDialog
          title={`Name ${data.player.email} as an operator's account`}
          confirmLabel="Name account"
          invalid={/^[^\s@]+@[^\s@]+$/.test(operatorEmail.trim()) ? null : "Enter the operator's e-mail address."}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            await nameOperatorAccount(api, uid, operatorEmail.trim(), reason);
            onChanged(`${data.player.email} now counts as ${operatorEmail.trim()}'s own account.`);
            detail.reload();
          }}
        >
          <p className="admin-muted">
            An operator's own account cannot be adjusted, approved for, graded or credited free entry by that operator. A naming cannot be
            taken back.
          </p>
          <label className="admin-field">
            <span>Operator's e-mail</span>
            <input className="input" type="email" value={operatorEmail} onChange={(e) => setOperatorEmail(e.target.value)} />
          </label>
        </ActionDialog>
      )}
      {data && typeof dialog === "object" && dialog !== null && "releaseBankAccount" in dialog && (
        <ActionDialog
          title={`Release bank account …${fingerprintTail(dialog.releaseBankAccount)} from ${data.player.email}?`}
          confirmLabel="Ask to release"
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            await askPayoutIdentityRelease(api, uid, dialog.releaseBankAccount, reason);
            onChanged("Release asked: a second operator approves it in Approvals.");
            detail.reload();
          }}
        >
          <p className="admin-muted">
            Once released, another Vantage account may redeem to this bank account, and the first withdrawal to it claims it again. A second
            operator approves the release.
          </p>
        </ActionDialog>
      )}
      {data && typeof dialog === "object" && dialog !== null && "clearWarning" in dialog && (
        <ActionDialog
          title={`Ask to clear fraud warning ${dialog.clearWarning} of ${data.player.email}?`}
          confirmLabel="Ask to clear"
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            await askFraudWarningClear(api, uid, dialog.clearWarning, reason);
            onChanged(
              `Clearing asked: the warning holds ${data.player.email}'s redemptions until a second operator approves it in Approvals.`,
            );
            detail.reload();
          }}
        >
          <p className="admin-muted">
            The card issuer warned that this pack may have been paid with a stolen card. Ask to clear it only once you are satisfied the
            purchase was the player's own: once cleared, the warning no longer holds the player's redemptions, and a refund still owed for
            its charge is no longer asked for. A second operator approves the clearing.
          </p>
        </ActionDialog>
      )}
      {data && dialog === "date-of-birth" && (
        <ActionDialog
          title={`Correct ${data.player.email}'s date of birth`}
          confirmLabel={isValidDateOfBirth(dateOfBirth, Date.now()) ? `Set ${dateOfBirth}` : "Correct"}
          invalid={isValidDateOfBirth(dateOfBirth, Date.now()) ? null : "Enter a real date of birth."}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            const answer = await correctDateOfBirth(api, uid, dateOfBirth, reason);
            onChanged(
              `${data.player.email}'s date of birth is ${answer.dateOfBirth}` +
                (answer.closed === "under-age" ? "; the account is closed as under age." : ".") +
                (answer.identity === "verified" && data.identity.status === "mismatch" ? " Their identity is verified now." : "") +
                (answer.identity === "mismatch" && data.identity.status !== "mismatch"
                  ? " It differs from their verified document, so redemptions are blocked."
                  : ""),
            );
            detail.reload();
          }}
        >
          <p className="admin-muted">
            For a date the player mistyped. A verified identity document is held to it: the same date clears a mismatch, another one blocks
            redemptions. Under the minimum age the account closes.
          </p>
          <label className="admin-field">
            <span>Date of birth</span>
            <input className="input" type="date" value={dateOfBirth} onChange={(e) => setDateOfBirth(e.target.value)} data-autofocus />
          </label>
        </ActionDialog>
      )}
      {data && dialog === "identity-reset" && (
        <ActionDialog
          title={`Ask to reset ${data.player.email}'s identity check?`}
          confirmLabel="Ask to reset"
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            await askIdentityReset(api, uid, reason);
            onChanged(
              `Identity reset asked: ${data.player.email}'s check stays as it is until a second operator approves it in Approvals.`,
            );
            detail.reload();
          }}
        >
          <p className="admin-muted">
            Once reset, their check ({data.identity.status}) starts again: the player verifies before their next redemption. Documents this
            account verified are released, so the person can verify the one account they keep. The old verification is ignored from then on.
            A second operator approves the reset.
          </p>
        </ActionDialog>
      )}
      {data && dialog === "freeze" && (
        <ActionDialog
          title={`Freeze ${data.player.email}?`}
          confirmLabel="Freeze account"
          danger
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            await freezePlayer(api, uid, reason);
            onChanged(`${data.player.email} is frozen.`);
            detail.reload();
          }}
        >
          <p className="admin-muted">
            A frozen player cannot bet, buy, claim the bonus or redeem. They are told their account is on hold; your reason is shown to
            operators only.
          </p>
        </ActionDialog>
      )}
      {data && dialog === "unfreeze" && (
        <ActionDialog
          title={`Ask to unfreeze ${data.player.email}?`}
          confirmLabel="Ask to unfreeze"
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            await askUnfreeze(api, uid, reason);
            onChanged(`Unfreezing asked: ${data.player.email} stays frozen until a second operator approves it in Approvals.`);
            detail.reload();
          }}
        >
          <p className="admin-muted">
            Once unfrozen, the player can bet, buy, claim and redeem again, and the payouts the freeze held are sent. A second operator
            approves the unfreezing.
          </p>
        </ActionDialog>
      )}
      {data && dialog === "adjust" && (
        <ActionDialog
          title={`Adjust ${data.player.email}'s balance`}
          confirmLabel={signed !== null ? `${signed < 0 ? "Take" : "Credit"} ${formatAmount(wallet, Math.abs(signed))}` : "Adjust"}
          danger={direction === "debit"}
          invalid={amountInvalid}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            if (signed === null) return;
            const answer = await adjustBalance(api, uid, { wallet, amount: signed, reason, idempotencyKey: adjustmentKey });
            const what = `${formatAmount(wallet, Math.abs(signed))} ${signed < 0 ? "from" : "to"} ${data.player.email}`;
            onChanged(
              "request" in answer
                ? `Sent for approval: another operator must approve ${signed < 0 ? "taking" : "crediting"} ${what} (Approvals tab).`
                : `${signed < 0 ? "Took" : "Credited"} ${what}.`,
            );
            detail.reload();
          }}
        >
          <p className="admin-muted">
            One ledger row “admin_adjustment”. A balance never goes below zero; a credit first repays what is owed. Vantage Cash, and large
            Coins amounts, wait for another operator's approval; Vantage Cash credited must be played through like bonus cash.
          </p>
          <div className="admin-score-row">
            <label className="admin-field">
              <span>Wallet</span>
              <select className="input" value={wallet} onChange={(e) => setWallet(e.target.value as WalletKind)}>
                <option value="coins">Coins ({formatAmount("coins", data.balances.coins)})</option>
                <option value="cash">Vantage Cash ({formatAmount("cash", data.balances.cash)})</option>
              </select>
            </label>
            <label className="admin-field">
              <span>Direction</span>
              <select className="input" value={direction} onChange={(e) => setDirection(e.target.value as "credit" | "debit")}>
                <option value="credit">Credit (add)</option>
                <option value="debit">Debit (take)</option>
              </select>
            </label>
            <label className="admin-field">
              <span>Amount</span>
              <input className="input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-autofocus />
            </label>
          </div>
        </ActionDialog>
      )}
    </section>
  );
}
