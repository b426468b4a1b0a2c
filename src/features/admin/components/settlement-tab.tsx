// Settlement: games past their due time with no result (each with "Record result" and
// "Void" through the operator result route and its rules), the queue backlog and dead
// letters with replay (settlement on queues), and the recent settlement runs.
import { useCallback, useState } from "react";
import { useApi } from "../../../session/auth-provider";
import { fetchSettlement, recordResult, replayDeadLetter } from "../api/admin-api";
import type { CorrectionAnswer, DeadLetter, PastDueGame, RecentResult } from "../../../shared/schemas/operator-views";
import { useAdminLoad } from "../hooks/use-admin-load";
import { ActionDialog } from "./action-dialog";
import { formatTime } from "./admin-format";
import { AdminTable } from "./admin-table";
import { LoadStatus, Section, Stat } from "./view-state";

type Pending =
  | { kind: "result" | "void"; game: PastDueGame }
  | { kind: "replay"; letter: DeadLetter }
  | { kind: "correct"; game: RecentResult };

const SCORE = /^\d{1,5}$/;

/** A game's teams with its event id beneath, as past-due and settled games both show it. */
function gameCell(game: { away: string; home: string; eventId: string }) {
  return (
    <>
      {game.away} @ {game.home}
      <div className="admin-id">{game.eventId}</div>
    </>
  );
}

/** The final score's two inputs, home first, as recording and correcting a result ask for them. */
function ScoreFields({
  game,
  home,
  away,
  onHome,
  onAway,
}: {
  game: { home: string; away: string };
  home: string;
  away: string;
  onHome(v: string): void;
  onAway(v: string): void;
}) {
  return (
    <div className="admin-score-row">
      <label className="admin-field">
        <span>{game.home} (home)</span>
        <input className="input" inputMode="numeric" value={home} onChange={(e) => onHome(e.target.value)} data-autofocus />
      </label>
      <label className="admin-field">
        <span>{game.away} (away)</span>
        <input className="input" inputMode="numeric" value={away} onChange={(e) => onAway(e.target.value)} />
      </label>
    </div>
  );
}

/**
 * What a correction's answer says: a game with more holders than one call re-grades, or a
 * wallet that failed, is still under way (`pending`), and the scheduled run finishes it.
 */
function correctedNotice(game: string, answer: CorrectionAnswer): string {
  if (!answer.pending) return `Result of ${game} corrected; its bets were re-graded.`;
  const done = answer.walletsCalled - answer.walletErrors;
  const failed = answer.walletErrors > 0 ? ` (${answer.walletErrors} failed and are tried again first)` : "";
  return `Result of ${game} corrected: ${done} wallet${done === 1 ? "" : "s"} re-graded so far, wallets still to re-grade${failed}; the scheduled run finishes them.`;
}

export function SettlementTab({ onChanged }: { onChanged(message: string): void }) {
  const api = useApi();
  const view = useAdminLoad(useCallback(() => fetchSettlement(api), [api]));
  const [pending, setPending] = useState<Pending | null>(null);
  const [home, setHome] = useState("");
  const [away, setAway] = useState("");
  if (view.status === "not-found") return null;
  const data = view.data;

  const open = (next: Pending) => {
    setHome("");
    setAway("");
    setPending(next);
  };
  const scoresInvalid = !SCORE.test(home.trim()) || !SCORE.test(away.trim()) ? "Enter both final scores as whole numbers." : null;

  return (
    <div className="admin-stack">
      <LoadStatus load={view} what="settlement" />
      {data && (
        <>
          <dl className="admin-stats">
            <Stat label="Past due" className={data.pastDue.length ? "admin-bad" : "admin-ok"}>
              {data.pastDue.length}
            </Stat>
            <Stat label="Messages waiting">{data.waiting}</Stat>
            <Stat label="Dead letters" className={data.deadLetters.some((l) => l.replayedAt === null) ? "admin-bad" : "admin-ok"}>
              {data.deadLetters.filter((l) => l.replayedAt === null).length}
            </Stat>
            <Stat label="Feed clock">{formatTime(data.feedNow)}</Stat>
          </dl>
          <Section title="Games past their due time with no result">
            <AdminTable
              rows={data.pastDue}
              rowKey={(g) => g.eventId}
              rowProps={(g) => ({ "data-event-id": g.eventId })}
              empty="Every started game with open bets is within its due time."
              columns={[
                { header: "Game", cell: gameCell },
                { header: "Sport", cell: (g) => g.sport },
                { header: "Started", cell: (g) => formatTime(g.startTime) },
                { header: "Due", cell: (g) => formatTime(g.dueAt) },
                { header: "Open legs", num: true, cell: (g) => g.openLegs },
                { header: "Players", num: true, cell: (g) => g.players },
                {
                  header: "Actions",
                  cell: (g) => (
                    <div className="admin-actions">
                      <button type="button" className="btn btn-sm btn-ghost" onClick={() => open({ kind: "result", game: g })}>
                        Record result
                      </button>
                      <button type="button" className="btn btn-sm btn-danger" onClick={() => open({ kind: "void", game: g })}>
                        Void
                      </button>
                    </div>
                  ),
                },
              ]}
            />
          </Section>
          <Section title="Dead letters">
            <AdminTable
              rows={data.deadLetters}
              rowKey={(l) => l.id}
              empty="No settlement message has given up."
              columns={[
                { header: "Received", cell: (l) => formatTime(l.receivedAt) },
                { header: "Player", className: "admin-id", cell: (l) => l.userId ?? "—" },
                { header: "Reason", className: "admin-wrap", cell: (l) => l.reason },
                { header: "Attempts", num: true, cell: (l) => l.attempts },
                {
                  header: "Replayed",
                  cell: (l) => (l.replayedAt ? `${formatTime(l.replayedAt)} by ${l.replayedBy ?? "?"} (×${l.replayCount})` : "not yet"),
                },
                {
                  header: "Action",
                  cell: (l) => (
                    <button type="button" className="btn btn-sm btn-ghost" onClick={() => open({ kind: "replay", letter: l })}>
                      Replay
                    </button>
                  ),
                },
              ]}
            />
          </Section>
          <Section title="Settled games (correct a result)">
            <AdminTable
              scroll
              rows={data.recentResults}
              rowKey={(g) => g.eventId}
              empty="No game with bets has a result yet."
              columns={[
                { header: "Game", cell: gameCell },
                { header: "Sport", cell: (g) => g.sport },
                { header: "Result", cell: (g) => (g.status === "void" ? "void" : `${g.homeScore}–${g.awayScore}`) },
                { header: "Recorded", cell: (g) => formatTime(g.updatedAt) },
                { header: "Corrections", num: true, cell: (g) => g.corrections },
                {
                  header: "Action",
                  cell: (g) => (
                    <button type="button" className="btn btn-sm btn-ghost" onClick={() => open({ kind: "correct", game: g })}>
                      Correct result
                    </button>
                  ),
                },
              ]}
            />
          </Section>
          <Section title="Recent settlement runs">
            <AdminTable
              rows={data.runs}
              rowKey={(r) => r.id}
              rowProps={(r) => ({ title: r.summary ?? undefined })}
              empty="No settlement run yet."
              columns={[
                { header: "#", num: "cells", cell: (r) => r.id },
                { header: "Trigger", cell: (r) => r.trigger },
                { header: "Started", cell: (r) => formatTime(r.startedAt) },
                { header: "Finished", cell: (r) => formatTime(r.drainedAt ?? r.finishedAt) },
                { header: "Wallets", num: true, cell: (r) => r.walletsSettled },
                { header: "Errors", num: true, className: (r) => (r.walletErrors ? "admin-bad" : undefined), cell: (r) => r.walletErrors },
                { header: "Bets settled", num: true, cell: (r) => r.betsSettled },
                { header: "Pending", cell: (r) => (r.pending ? "yes" : "no") },
              ]}
            />
          </Section>
        </>
      )}
      {pending?.kind === "result" && (
        <ActionDialog
          title={`Record result: ${pending.game.away} @ ${pending.game.home}`}
          confirmLabel="Record result and settle"
          invalid={scoresInvalid}
          onClose={() => setPending(null)}
          onConfirm={async (reason) => {
            const answer = await recordResult(api, pending.game.eventId, { homeScore: Number(home), awayScore: Number(away), reason });
            const game = `${pending.game.away} @ ${pending.game.home}`;
            onChanged(
              "request" in answer
                ? `The feed has not confirmed this final for ${game}: it waits for another operator's approval (Approvals tab).`
                : `Result recorded for ${game}; its bets are being settled.`,
            );
            view.reload();
          }}
        >
          <p className="admin-muted">
            The final score settles every open bet on this game. A recorded result can later only be changed by a correction.
          </p>
          <ScoreFields game={pending.game} home={home} away={away} onHome={setHome} onAway={setAway} />
        </ActionDialog>
      )}
      {pending?.kind === "correct" && (
        <ActionDialog
          title={`Correct result: ${pending.game.away} @ ${pending.game.home}`}
          confirmLabel="Correct and re-grade"
          danger
          invalid={
            scoresInvalid ??
            (pending.game.status === "final" && Number(home) === pending.game.homeScore && Number(away) === pending.game.awayScore
              ? "That is the result already recorded."
              : null)
          }
          onClose={() => setPending(null)}
          onConfirm={async (reason) => {
            const answer = await recordResult(api, pending.game.eventId, {
              homeScore: Number(home),
              awayScore: Number(away),
              correction: true,
              reason,
            });
            const game = `${pending.game.away} @ ${pending.game.home}`;
            onChanged(
              "request" in answer
                ? `The feed does not report this score for ${game}: the correction waits for another operator's approval (Approvals tab).`
                : correctedNotice(game, answer),
            );
            view.reload();
          }}
        >
          <p className="admin-muted">
            Recorded:{" "}
            {pending.game.status === "void"
              ? "void"
              : `${pending.game.home} ${pending.game.homeScore} – ${pending.game.away} ${pending.game.awayScore}`}
            . Every bet on this game is re-graded: winnings paid on the old result are taken back (what was spent becomes owed), new winners
            are paid.
          </p>
          <ScoreFields game={pending.game} home={home} away={away} onHome={setHome} onAway={setAway} />
        </ActionDialog>
      )}
      {pending?.kind === "void" && (
        <ActionDialog
          title={`Void ${pending.game.away} @ ${pending.game.home}?`}
          confirmLabel="Void and refund stakes"
          danger
          onClose={() => setPending(null)}
          onConfirm={async (reason) => {
            const answer = await recordResult(api, pending.game.eventId, { void: true, reason });
            const game = `${pending.game.away} @ ${pending.game.home}`;
            onChanged(
              "request" in answer
                ? `${game} has started: voiding it waits for another operator's approval (Approvals tab).`
                : `${game} voided; stakes are being returned.`,
            );
            view.reload();
          }}
        >
          <p className="admin-muted">
            Every leg on this game is voided: singles return their stake to {pending.game.players} player
            {pending.game.players === 1 ? "" : "s"}, parlays continue without the leg. Once the game has started, a void waits for another
            operator's approval.
          </p>
        </ActionDialog>
      )}
      {pending?.kind === "replay" && (
        <ActionDialog
          title="Replay this dead letter?"
          confirmLabel="Replay"
          onClose={() => setPending(null)}
          onConfirm={async (reason) => {
            await replayDeadLetter(api, pending.letter.id, reason);
            onChanged("The message was sent to the settlement queue again.");
            view.reload();
          }}
        >
          <p className="admin-muted">
            The message goes back to the settlement queue. Replaying is safe: a bet is paid once, however often it is settled.
          </p>
        </ActionDialog>
      )}
    </div>
  );
}
