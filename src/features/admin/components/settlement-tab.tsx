// Settlement: games past their due time with no result (each with "Record result" and
// "Void" through the operator result route and its rules), the queue backlog and dead
// letters with replay (settlement on queues, issue 13), and the recent settlement runs.
import { useState } from "react";
import { useApi } from "../../auth/auth-provider";
import { fetchSettlement, recordResult, replayDeadLetter, type DeadLetter, type PastDueGame, type RecentResult } from "../api/admin-api";
import { useAdminLoad } from "../hooks/use-admin-load";
import { ActionDialog } from "./action-dialog";
import { formatTime } from "./admin-format";
import { Empty, LoadStatus, Section } from "./view-state";

type Pending = { kind: "result" | "void"; game: PastDueGame } | { kind: "replay"; letter: DeadLetter } | { kind: "correct"; game: RecentResult };

const SCORE = /^\d{1,5}$/;

export function SettlementTab({ onChanged }: { onChanged(message: string): void }) {
  const api = useApi();
  const view = useAdminLoad(() => fetchSettlement(api), [api]);
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
            <div>
              <dt>Past due</dt>
              <dd className={data.pastDue.length ? "admin-bad" : "admin-ok"}>{data.pastDue.length}</dd>
            </div>
            {data.waiting !== undefined && (
              <div>
                <dt>Messages waiting</dt>
                <dd>{data.waiting}</dd>
              </div>
            )}
            {data.deadLetters !== undefined && (
              <div>
                <dt>Dead letters</dt>
                <dd className={data.deadLetters.some((l) => l.replayedAt === null) ? "admin-bad" : "admin-ok"}>
                  {data.deadLetters.filter((l) => l.replayedAt === null).length}
                </dd>
              </div>
            )}
            <div>
              <dt>Feed clock</dt>
              <dd>{formatTime(data.feedNow)}</dd>
            </div>
          </dl>
          <Section title="Games past their due time with no result">
            {data.pastDue.length === 0 ? (
              <Empty>Every started game with open bets is within its due time.</Empty>
            ) : (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th>Game</th>
                      <th>Sport</th>
                      <th>Started</th>
                      <th>Due</th>
                      <th className="num">Open legs</th>
                      <th className="num">Players</th>
                      <th>Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.pastDue.map((g) => (
                      <tr key={g.eventId} data-event-id={g.eventId}>
                        <td>
                          {g.away} @ {g.home}
                          <div className="admin-id">{g.eventId}</div>
                        </td>
                        <td>{g.sport}</td>
                        <td>{formatTime(g.startTime)}</td>
                        <td>{formatTime(g.dueAt)}</td>
                        <td className="num">{g.openLegs}</td>
                        <td className="num">{g.players}</td>
                        <td>
                          <div className="admin-actions">
                            <button type="button" className="btn btn-sm btn-ghost" onClick={() => open({ kind: "result", game: g })}>
                              Record result
                            </button>
                            <button type="button" className="btn btn-sm btn-danger" onClick={() => open({ kind: "void", game: g })}>
                              Void
                            </button>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
          {data.deadLetters !== undefined && (
            <Section title="Dead letters">
              {data.deadLetters.length === 0 ? (
                <Empty>No settlement message has given up.</Empty>
              ) : (
                <div className="admin-table-wrap">
                  <table className="admin-table">
                    <thead>
                      <tr>
                        <th>Received</th>
                        <th>Player</th>
                        <th>Reason</th>
                        <th className="num">Attempts</th>
                        <th>Replayed</th>
                        <th>Action</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.deadLetters.map((l) => (
                        <tr key={l.id}>
                          <td>{formatTime(l.receivedAt)}</td>
                          <td className="admin-id">{l.userId ?? "—"}</td>
                          <td className="admin-wrap">{l.reason}</td>
                          <td className="num">{l.attempts}</td>
                          <td>{l.replayedAt ? `${formatTime(l.replayedAt)} by ${l.replayedBy ?? "?"} (×${l.replayCount})` : "not yet"}</td>
                          <td>
                            <button type="button" className="btn btn-sm btn-ghost" onClick={() => open({ kind: "replay", letter: l })}>
                              Replay
                            </button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Section>
          )}
          <Section title="Settled games (correct a result)">
            {data.recentResults.length === 0 ? (
              <Empty>No game with bets has a result yet.</Empty>
            ) : (
              <div className="admin-table-wrap admin-scroll">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th>Game</th>
                      <th>Sport</th>
                      <th>Result</th>
                      <th>Recorded</th>
                      <th className="num">Corrections</th>
                      <th>Action</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.recentResults.map((g) => (
                      <tr key={g.eventId}>
                        <td>
                          {g.away} @ {g.home}
                          <div className="admin-id">{g.eventId}</div>
                        </td>
                        <td>{g.sport}</td>
                        <td>{g.status === "void" ? "void" : `${g.homeScore}–${g.awayScore}`}</td>
                        <td>{formatTime(g.updatedAt)}</td>
                        <td className="num">{g.corrections}</td>
                        <td>
                          <button type="button" className="btn btn-sm btn-ghost" onClick={() => open({ kind: "correct", game: g })}>
                            Correct result
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
          <Section title="Recent settlement runs">
            {data.runs.length === 0 ? (
              <Empty>No settlement run yet.</Empty>
            ) : (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th>#</th>
                      <th>Trigger</th>
                      <th>Started</th>
                      <th>Finished</th>
                      <th className="num">Wallets</th>
                      <th className="num">Errors</th>
                      <th className="num">Bets settled</th>
                      <th>Pending</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.runs.map((r) => (
                      <tr key={r.id} title={r.summary ?? undefined}>
                        <td className="num">{r.id}</td>
                        <td>{r.trigger}</td>
                        <td>{formatTime(r.startedAt)}</td>
                        <td>{formatTime(r.drainedAt ?? r.finishedAt)}</td>
                        <td className="num">{r.walletsSettled}</td>
                        <td className={`num${r.walletErrors ? " admin-bad" : ""}`}>{r.walletErrors}</td>
                        <td className="num">{r.betsSettled}</td>
                        <td>{r.pending ? "yes" : "no"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
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
            await recordResult(api, pending.game.eventId, { homeScore: Number(home), awayScore: Number(away), reason });
            onChanged(`Result recorded for ${pending.game.away} @ ${pending.game.home}; its bets are being settled.`);
            view.reload();
          }}
        >
          <p className="admin-muted">The final score settles every open bet on this game. A recorded result can later only be changed by a correction.</p>
          <div className="admin-score-row">
            <label className="admin-field">
              <span>{pending.game.home} (home)</span>
              <input className="input" inputMode="numeric" value={home} onChange={(e) => setHome(e.target.value)} data-autofocus />
            </label>
            <label className="admin-field">
              <span>{pending.game.away} (away)</span>
              <input className="input" inputMode="numeric" value={away} onChange={(e) => setAway(e.target.value)} />
            </label>
          </div>
        </ActionDialog>
      )}
      {pending?.kind === "correct" && (
        <ActionDialog
          title={`Correct result: ${pending.game.away} @ ${pending.game.home}`}
          confirmLabel="Correct and re-grade"
          danger
          invalid={scoresInvalid ?? (pending.game.status === "final" && Number(home) === pending.game.homeScore && Number(away) === pending.game.awayScore ? "That is the result already recorded." : null)}
          onClose={() => setPending(null)}
          onConfirm={async (reason) => {
            await recordResult(api, pending.game.eventId, { homeScore: Number(home), awayScore: Number(away), correction: true, reason });
            onChanged(`Result of ${pending.game.away} @ ${pending.game.home} corrected; its bets were re-graded.`);
            view.reload();
          }}
        >
          <p className="admin-muted">
            Recorded: {pending.game.status === "void" ? "void" : `${pending.game.home} ${pending.game.homeScore} – ${pending.game.away} ${pending.game.awayScore}`}. Every bet on
            this game is re-graded: winnings paid on the old result are taken back (what was spent becomes owed), new winners are paid.
          </p>
          <div className="admin-score-row">
            <label className="admin-field">
              <span>{pending.game.home} (home)</span>
              <input className="input" inputMode="numeric" value={home} onChange={(e) => setHome(e.target.value)} data-autofocus />
            </label>
            <label className="admin-field">
              <span>{pending.game.away} (away)</span>
              <input className="input" inputMode="numeric" value={away} onChange={(e) => setAway(e.target.value)} />
            </label>
          </div>
        </ActionDialog>
      )}
      {pending?.kind === "void" && (
        <ActionDialog
          title={`Void ${pending.game.away} @ ${pending.game.home}?`}
          confirmLabel="Void and refund stakes"
          danger
          onClose={() => setPending(null)}
          onConfirm={async (reason) => {
            await recordResult(api, pending.game.eventId, { void: true, reason });
            onChanged(`${pending.game.away} @ ${pending.game.home} voided; stakes are being returned.`);
            view.reload();
          }}
        >
          <p className="admin-muted">
            Every leg on this game is voided: singles return their stake to {pending.game.players} player{pending.game.players === 1 ? "" : "s"}, parlays
            continue without the leg.
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
          <p className="admin-muted">The message goes back to the settlement queue. Replaying is safe: a bet is paid once, however often it is settled.</p>
        </ActionDialog>
      )}
    </div>
  );
}
