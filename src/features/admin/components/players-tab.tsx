// Players: look a player up by e-mail or handle; see balances and what is owed, the last
// 100 ledger rows, bets, redemptions, disputes, protection and payout-identity refusals;
// freeze / unfreeze, adjust a balance and check the ledger — each confirmed with a reason.
import { useState, type FormEvent } from "react";
import { useApi } from "../../auth/auth-provider";
import { errorMessage } from "../../../lib/api-client";
import { formatAmount, parseAmountToMinor, type WalletKind } from "../../../shared/money";
import { adjustBalance, checkLedger, fetchPlayer, searchPlayers, setFrozen, type LedgerCheck, type PlayerDetail, type PlayerHit } from "../api/admin-api";
import { useAdminLoad } from "../hooks/use-admin-load";
import { ActionDialog } from "./action-dialog";
import { formatSigned, formatTime, WALLET_SHORT } from "./admin-format";
import { Empty, LoadError, Loading, Section } from "./view-state";

type Search = { status: "idle" } | { status: "loading" } | { status: "error"; message: string } | { status: "ready"; q: string; players: PlayerHit[] };

export function PlayersTab({ onChanged }: { onChanged(message: string): void }) {
  const api = useApi();
  const [q, setQ] = useState("");
  const [search, setSearch] = useState<Search>({ status: "idle" });
  const [selected, setSelected] = useState<string | null>(null);

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
      setSearch({ status: "error", message: errorMessage(err, "The search failed. Try again.") });
    }
  };

  return (
    <div className="admin-stack">
      <form className="admin-search" role="search" onSubmit={submit}>
        <label className="visually-hidden" htmlFor="admin-player-search">
          E-mail or handle
        </label>
        <input id="admin-player-search" className="input" placeholder="E-mail or @handle" value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="submit" className="btn btn-primary" disabled={!q.trim() || search.status === "loading"}>
          {search.status === "loading" ? "Searching..." : "Find player"}
        </button>
      </form>
      {search.status === "error" && <p className="admin-error" role="alert">{search.message}</p>}
      {search.status === "ready" &&
        (search.players.length === 0 ? (
          <Empty>No player matches “{search.q}”.</Empty>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>E-mail</th>
                  <th>Name</th>
                  <th>Handle</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {search.players.map((p) => (
                  <tr key={p.uid} aria-selected={p.uid === selected} className={p.uid === selected ? "admin-row-selected" : undefined}>
                    <td>{p.email}</td>
                    <td>{p.displayName}</td>
                    <td>{p.handle ? `@${p.handle}` : "—"}</td>
                    <td>
                      <button type="button" className="btn btn-sm btn-ghost" onClick={() => setSelected(p.uid)} aria-label={`Open ${p.email}`}>
                        Open
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      {selected && <PlayerPanel key={selected} uid={selected} onChanged={onChanged} />}
    </div>
  );
}

type Dialog = "freeze" | "unfreeze" | "adjust" | null;

function PlayerPanel({ uid, onChanged }: { uid: string; onChanged(message: string): void }) {
  const api = useApi();
  const detail = useAdminLoad(() => fetchPlayer(api, uid), [api, uid]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [wallet, setWallet] = useState<WalletKind>("coins");
  const [direction, setDirection] = useState<"credit" | "debit">("credit");
  const [amount, setAmount] = useState("");
  const [adjustmentId, setAdjustmentId] = useState(() => crypto.randomUUID());
  const [check, setCheck] = useState<{ status: "running" } | { status: "done"; result: LedgerCheck } | { status: "error"; message: string } | null>(null);

  if (detail.status === "not-found") return null;
  const data: PlayerDetail | null = detail.data;
  const minor = parseAmountToMinor(wallet, amount);
  const signed = minor === null ? null : direction === "debit" ? -minor : minor;
  const amountInvalid = !minor ? `Enter an amount of ${wallet === "coins" ? "whole Coins" : "Vantage Cash (up to 2 decimals)"} above zero.` : null;

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
              {/* Keyed apart, so the button is replaced rather than restyled mid-transition. */}
              {data.frozen ? (
                <button key="unfreeze" type="button" className="btn btn-sm btn-primary" onClick={() => setDialog("unfreeze")}>
                  Unfreeze
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
                  setAdjustmentId(crypto.randomUUID());
                  setDialog("adjust");
                }}
              >
                Adjust balance
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
          {check?.status === "error" && <p className="admin-error" role="alert">{check.message}</p>}
          {check?.status === "done" && (
            <div className={check.result.ok ? "admin-check-ok" : "admin-check-bad"} role="status">
              {check.result.ok ? "Ledger check passed: ledger sums equal the balances, owed agrees, D1 agrees with the wallet." : "Ledger check found mismatches:"}
              {!check.result.ok && (
                <ul>
                  {check.result.mismatches.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <dl className="admin-stats">
            <div>
              <dt>Coins</dt>
              <dd>{formatAmount("coins", data.balances.coins)}</dd>
            </div>
            <div>
              <dt>Vantage Cash</dt>
              <dd>{formatAmount("cash", data.balances.cash)}</dd>
            </div>
            <div>
              <dt>Owed</dt>
              <dd className={data.owed.coins || data.owed.cash ? "admin-bad" : undefined}>
                {data.owed.coins || data.owed.cash ? `${formatAmount("coins", data.owed.coins)} · ${formatAmount("cash", data.owed.cash)}` : "nothing"}
              </dd>
            </div>
            <div>
              <dt>Redeemable</dt>
              <dd>{formatAmount("cash", data.redeemableCash)}</dd>
            </div>
            <div>
              <dt>Still to play</dt>
              <dd>{formatAmount("cash", data.cashToPlay)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd className={data.frozen || data.protection.closed ? "admin-bad" : "admin-ok"}>
                {data.frozen ? "frozen" : data.protection.closed ? `closed (${data.protection.closed})` : data.protection.breakUntil && data.protection.breakUntil > Date.now() ? `on a break until ${formatTime(data.protection.breakUntil)}` : "active"}
              </dd>
            </div>
            <div>
              <dt>Date of birth</dt>
              <dd>{data.protection.dateOfBirth ?? "not confirmed"}</dd>
            </div>
          </dl>
          {data.redemptionPause && <p className="admin-muted">Redemptions paused: {data.redemptionPause}</p>}
          <Section title={`Ledger (newest ${data.ledger.length})`}>
            <div className="admin-table-wrap admin-scroll">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th>When</th>
                    <th>Wallet</th>
                    <th className="num">Amount</th>
                    <th className="num">Balance after</th>
                    <th>Reason</th>
                    <th>Reference</th>
                  </tr>
                </thead>
                <tbody>
                  {data.ledger.map((r) => (
                    <tr key={r.seq}>
                      <td>{formatTime(r.createdAt)}</td>
                      <td>{WALLET_SHORT[r.currency]}</td>
                      <td className={`num ${r.amount < 0 ? "admin-bad" : "admin-ok"}`}>{formatSigned(r.currency, r.amount)}</td>
                      <td className="num">{formatSigned(r.currency, r.balanceAfter)}</td>
                      <td>{r.reason}</td>
                      <td className="admin-id">{r.reference}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Section>
          <Section title="Bets">
            {data.bets.length === 0 ? (
              <Empty>No bets.</Empty>
            ) : (
              <div className="admin-table-wrap admin-scroll">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th>Placed</th>
                      <th>Kind</th>
                      <th>Selection</th>
                      <th className="num">Stake</th>
                      <th>Status</th>
                      <th className="num">Paid</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.bets.map((b) => (
                      <tr key={b.id}>
                        <td>{formatTime(b.createdAt)}</td>
                        <td>{b.kind}</td>
                        <td className="admin-wrap">{b.legs.map((l) => `${l.away} @ ${l.home} ${l.market} ${l.side}`).join("; ")}</td>
                        <td className="num">{formatAmount(b.wallet, b.stake)}</td>
                        <td>{b.result ?? b.status}</td>
                        <td className="num">{formatAmount(b.wallet, b.payoutPaid)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
          <Section title="Redemptions">
            {data.redemptions.length === 0 ? (
              <Empty>No redemptions.</Empty>
            ) : (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th>Requested</th>
                      <th className="num">Amount</th>
                      <th>Status</th>
                      <th>Detail</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.redemptions.map((r) => (
                      <tr key={r.id}>
                        <td>{formatTime(r.createdAt)}</td>
                        <td className="num">{formatAmount("cash", r.amountCents)}</td>
                        <td>{r.status}</td>
                        <td className="admin-wrap">{r.failureReason ?? r.payoutReference ?? "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
          <Section title="Disputes">
            {data.disputes.length === 0 ? (
              <Empty>No card disputes.</Empty>
            ) : (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th>Opened</th>
                      <th>Dispute</th>
                      <th>Status</th>
                      <th>Open</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.disputes.map((d) => (
                      <tr key={d.id}>
                        <td>{formatTime(d.createdAt)}</td>
                        <td className="admin-id">{d.id}</td>
                        <td>{d.status}</td>
                        <td>{d.open ? "yes" : "no"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
          {data.payoutIdentityRefusals.length > 0 && (
            <Section title="Payout-identity refusals">
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th>When</th>
                      <th>Destination owned by</th>
                      <th className="num">Amount</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.payoutIdentityRefusals.map((r) => (
                      <tr key={r.id}>
                        <td>{formatTime(r.createdAt)}</td>
                        <td className="admin-id">{r.ownerUserId}</td>
                        <td className="num">{formatAmount("cash", r.amountCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Section>
          )}
        </>
      )}
      {data && (dialog === "freeze" || dialog === "unfreeze") && (
        <ActionDialog
          title={dialog === "freeze" ? `Freeze ${data.player.email}?` : `Unfreeze ${data.player.email}?`}
          confirmLabel={dialog === "freeze" ? "Freeze account" : "Unfreeze account"}
          danger={dialog === "freeze"}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            await setFrozen(api, uid, dialog === "freeze", reason);
            onChanged(dialog === "freeze" ? `${data.player.email} is frozen.` : `${data.player.email} is unfrozen.`);
            detail.reload();
          }}
        >
          <p className="admin-muted">
            {dialog === "freeze"
              ? "A frozen player cannot bet, buy, claim the bonus or redeem. They are told their account is on hold; your reason is shown to operators only."
              : "The player can bet, buy, claim and redeem again."}
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
            await adjustBalance(api, uid, { wallet, amount: signed, reason, adjustmentId });
            onChanged(`${signed < 0 ? "Took" : "Credited"} ${formatAmount(wallet, Math.abs(signed))} ${signed < 0 ? "from" : "to"} ${data.player.email}.`);
            detail.reload();
          }}
        >
          <p className="admin-muted">One ledger row “admin_adjustment”. A balance never goes below zero; a credit first repays what is owed.</p>
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
