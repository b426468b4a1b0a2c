// Approvals: what waits for a second operator (four eyes) — Vantage Cash and large Coins
// adjustments, finals and corrections of started games the price desk has not confirmed,
// redemptions in the review queue, free-entry cards one operator recorded, region rule entries,
// a game's players' statistics entered by hand, changes of the props' player names, releases of
// a claimed bank account, clearings of an early fraud warning, unfreezings of an account, resets
// of an identity check — with who asked, why and how much (a result or a name from what it
// stood at when asked to what it asks, an identity check from the state it was asked against, a
// freeze from when it was put on), and the Approve / Reject pair; an operator's own requests wait
// for someone else. Decided requests follow, with their outcome. The Worker enforces every rule again.
import { useCallback, useState } from "react";
import { useAuth } from "../../../session/auth-provider";
import { formatAmount } from "../../../shared/money";
import { playerIdOf } from "../../../shared/props/player-names";
import type { PropPlayerEntry, PropPlayerNamePayload, RecordedResult } from "../../../shared/schemas/operator-actions";
import type { ApprovalRequest } from "../../../shared/schemas/operator-views";
import { sportLabel } from "../../../shared/sports";
import { decideApproval, fetchApprovals } from "../api/admin-api";
import { useAdminLoad } from "../hooks/use-admin-load";
import { ActionDialog } from "./action-dialog";
import { fingerprintTail, formatTime, WALLET_SHORT } from "./admin-format";
import { AdminTable, type AdminColumn } from "./admin-table";
import { LoadStatus, Section } from "./view-state";

type Decision = { request: ApprovalRequest; decision: "approve" | "reject" };

/** A game's result when the request was asked: a score, a void, or none. */
function resultText(result: RecordedResult): string {
  if (result === "none") return "no result";
  if (result.status === "void") return "void";
  return `${result.homeScore}–${result.awayScore}`;
}

/** A name map entry, or (none) the spelling's slug, which is then its player's id. */
function entryText(entry: PropPlayerEntry | null, feedName: string): string {
  if (!entry) return `its slug ${playerIdOf(feedName)}`;
  return `${entry.playerId} (${entry.displayName}${entry.team ? `, ${entry.team}` : ""})`;
}

/** From the entry it replaces to the one it asks for. */
function nameChange(payload: PropPlayerNamePayload): string {
  return `from ${entryText(payload.replaces, payload.feedName)} to ${entryText(payload.entry, payload.feedName)}`;
}

/** What the request asks for, in a few words. */
function askedFor(request: ApprovalRequest): string {
  if (request.kind === "result") {
    if ("void" in request.payload) return "Void of a started game";
    return request.payload.correction ? "Corrected score" : "Final score";
  }
  if (request.kind === "redemption") return "Redemption review";
  if (request.kind === "free-entry") return `Free-entry card ${request.payload.code}, postmarked ${request.payload.postmarkedOn}`;
  if (request.kind === "region-rule") return `Region rule: ${request.payload.source.title}`;
  if (request.kind === "stats")
    return request.payload.correctsVersion
      ? `Corrected player statistics (version ${request.payload.correctsVersion})`
      : "Player statistics";
  if (request.kind === "prop-player-name") {
    const sport = sportLabel(request.payload.sport);
    return request.payload.entry ? `Player name in ${sport} props` : `Player name removed from ${sport} props`;
  }
  if (request.kind === "payout-identity-release") return "Release of a claimed bank account";
  if (request.kind === "fraud-warning-clear") return "Clearing an early fraud warning";
  if (request.kind === "unfreeze") return "Unfreezing an account";
  if (request.kind === "identity-reset") return "Resetting an identity check";
  return `${WALLET_SHORT[request.payload.wallet]} adjustment`;
}

/** The amount or score it would apply. */
function figure(request: ApprovalRequest): string {
  if (request.kind === "result") {
    const { payload } = request;
    if ("void" in payload) return "Void: stakes returned, parlays go on without the leg";
    const score = `${payload.homeScore}–${payload.awayScore} (home–away)`;
    // Asked before requests kept what they replace: the score alone.
    return payload.replaces === undefined ? score : `from ${resultText(payload.replaces)} to ${score}`;
  }
  if (request.kind === "redemption") return formatAmount("cash", request.payload.amountCents);
  if (request.kind === "free-entry") return `+${formatAmount("cash", request.payload.amountCents)}`;
  if (request.kind === "region-rule") {
    const { mode, from, until } = request.payload;
    return `${mode} from ${from}${until ? ` until ${until}` : ""}`;
  }
  if (request.kind === "stats") return statLines(request.payload.players);
  if (request.kind === "prop-player-name") return `“${request.payload.feedName}”: ${nameChange(request.payload)}`;
  if (request.kind === "payout-identity-release") return `bank account …${fingerprintTail(request.payload.fingerprint)}`;
  if (request.kind === "fraud-warning-clear") return `warning ${request.payload.warningId}`;
  if (request.kind === "unfreeze") {
    // Asked before requests kept their freeze: approving it is refused (freeze-changed).
    const { frozenAt } = request.payload;
    if (frozenAt === undefined)
      return "frozen → unfrozen: held payouts and play released (asked before requests named their freeze: ask again)";
    return `frozen since ${formatTime(frozenAt)} → unfrozen: held payouts and play released`;
  }
  if (request.kind === "identity-reset") {
    // Asked before requests kept their verification session: approving it is refused (identity-changed).
    const { status, sessionId } = request.payload;
    const released = `${status} → never started: its document and person released`;
    return sessionId === undefined ? `${released} (asked before requests named their verification: ask again)` : released;
  }
  const { wallet, amount } = request.payload;
  return `${amount < 0 ? "−" : "+"}${formatAmount(wallet, Math.abs(amount))}`;
}

/** Each player's entered line, as "Name: stat n, …" or "Name: did not play". */
function statLines(players: Extract<ApprovalRequest, { kind: "stats" }>["payload"]["players"]): string {
  return players
    .map((p) =>
      p.played
        ? `${p.name}: ${Object.entries(p.stats)
            .map(([stat, n]) => `${stat} ${n}`)
            .join(", ")}`
        : `${p.name}: did not play`,
    )
    .join("; ");
}

/** One sentence naming what approving does, for the dialog's title. */
function summary(request: ApprovalRequest): string {
  if (request.kind === "result") {
    const { payload } = request;
    if ("void" in payload) return `void ${request.subjectLabel}`;
    const score = `${payload.homeScore}–${payload.awayScore} (home–away)`;
    if (!payload.correction) return `record ${score} for ${request.subjectLabel}`;
    const from = payload.replaces === undefined ? "" : `from ${resultText(payload.replaces)} `;
    return `correct the score of ${request.subjectLabel} ${from}to ${score}`;
  }
  if (request.kind === "redemption") return `send ${figure(request)} to ${request.subjectLabel}`;
  if (request.kind === "free-entry")
    return `credit ${formatAmount("cash", request.payload.amountCents)} free entry to ${request.subjectLabel}`;
  if (request.kind === "region-rule") return `make ${request.payload.region} ${figure(request)}`;
  if (request.kind === "stats")
    return `${request.payload.correctsVersion ? "correct" : "record"} the statistics of ${request.payload.players.length} player${request.payload.players.length === 1 ? "" : "s"} for ${request.subjectLabel}`;
  if (request.kind === "prop-player-name") {
    const { payload } = request;
    return `change “${payload.feedName}” in ${sportLabel(payload.sport)} props ${nameChange(payload)}`;
  }
  if (request.kind === "payout-identity-release")
    return `release ${figure(request)} from ${request.subjectLabel}, so another account may redeem to it`;
  if (request.kind === "fraud-warning-clear")
    return `clear early fraud warning ${request.payload.warningId} of ${request.subjectLabel}, so it no longer holds their redemptions`;
  if (request.kind === "unfreeze") return `unfreeze ${request.subjectLabel}, releasing the payouts and play their freeze held`;
  if (request.kind === "identity-reset")
    return `reset the identity check of ${request.subjectLabel} (${request.payload.status}), releasing the document and person it claimed`;
  const { wallet, amount } = request.payload;
  return `${amount < 0 ? "take" : "credit"} ${formatAmount(wallet, Math.abs(amount))} ${amount < 0 ? "from" : "to"} ${request.subjectLabel}`;
}

function outcomeText(request: ApprovalRequest): string {
  if (request.status === "rejected") return request.decisionReason ? `Rejected: ${request.decisionReason}` : "Rejected";
  if (request.status === "failed") return `Failed: ${String(request.outcome?.message ?? "refused")}`;
  if (!request.outcome) return "Approved, not applied yet: approve again to finish";
  // A free-entry card the account gate refused is recorded, crediting nothing: say why.
  const refusal = request.kind === "free-entry" ? (request.outcome.refusal as { message?: string } | null | undefined) : null;
  return refusal ? `Applied, nothing credited: ${refusal.message ?? "refused"}` : "Applied";
}

const COMMON: AdminColumn<ApprovalRequest>[] = [
  { header: "Requested", cell: (r) => formatTime(r.createdAt) },
  { header: "What", className: "admin-wrap", cell: askedFor },
  { header: "For", className: "admin-wrap", cell: (r) => r.subjectLabel },
  // What approving changes: an amount, a score, a rule or a name; wrapped, so the table fits and its Approve stays in view.
  { header: "Change", className: "admin-wrap", cell: figure },
  { header: "Requested by", cell: (r) => r.requestedBy },
  { header: "Reason", className: "admin-wrap", cell: (r) => r.reason || "—" },
];

export function ApprovalsTab({ onChanged }: { onChanged(message: string): void }) {
  const { api, user } = useAuth();
  const load = useAdminLoad(useCallback(() => fetchApprovals(api), [api]));
  const [deciding, setDeciding] = useState<Decision | null>(null);
  if (load.status === "not-found") return null;
  const requests = load.data?.requests;
  const me = user?.email.toLowerCase();
  const isMine = (r: ApprovalRequest) => r.requestedBy.toLowerCase() === me;
  // An approved request not yet applied can be approved again, to finish it.
  const open = requests?.filter((r) => r.status === "pending" || (r.status === "approved" && r.outcome === null)) ?? [];
  const decided = requests?.filter((r) => !open.includes(r)) ?? [];

  return (
    <div className="admin-stack">
      <LoadStatus load={load} what="approvals" />
      {requests && (
        <>
          <Section title="Waiting for approval">
            <AdminTable
              rows={open}
              rowKey={(r) => r.id}
              empty="Nothing waits for approval."
              columns={[
                ...COMMON,
                {
                  cell: (r) =>
                    isMine(r) ? (
                      <span className="admin-muted">Yours: another operator decides</span>
                    ) : (
                      <div className="admin-actions">
                        <button
                          type="button"
                          className="btn btn-sm btn-primary"
                          onClick={() => setDeciding({ request: r, decision: "approve" })}
                        >
                          Approve
                        </button>
                        {r.status === "pending" && (
                          <button
                            type="button"
                            className="btn btn-sm btn-danger"
                            onClick={() => setDeciding({ request: r, decision: "reject" })}
                          >
                            Reject
                          </button>
                        )}
                      </div>
                    ),
                },
              ]}
            />
          </Section>
          <Section title="Decided">
            <AdminTable
              scroll
              rows={decided}
              rowKey={(r) => r.id}
              empty="No request has been decided yet."
              columns={[
                ...COMMON,
                { header: "Outcome", className: "admin-wrap", cell: outcomeText },
                { header: "Decided by", cell: (r) => (r.decidedBy ? `${r.decidedBy}, ${formatTime(r.decidedAt)}` : "—") },
              ]}
            />
          </Section>
        </>
      )}
      {deciding && (
        <ActionDialog
          title={`${deciding.decision === "approve" ? "Approve" : "Reject"}: ${summary(deciding.request)}?`}
          confirmLabel={deciding.decision === "approve" ? "Approve" : "Reject"}
          danger={deciding.decision === "reject"}
          onClose={() => setDeciding(null)}
          onConfirm={async (reason) => {
            await decideApproval(api, deciding.request.id, deciding.decision, reason);
            onChanged(
              deciding.decision === "approve" ? `Approved: ${summary(deciding.request)}.` : `Rejected: ${summary(deciding.request)}.`,
            );
            load.reload();
          }}
        >
          <p className="admin-muted">
            Requested by {deciding.request.requestedBy}: “{deciding.request.reason || "no reason given"}”.{" "}
            {deciding.decision === "approve" ? "Approving applies it at once." : "Rejecting applies nothing."}
          </p>
        </ActionDialog>
      )}
    </div>
  );
}
