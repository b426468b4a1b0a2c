// Props: the operators' tools for players' markets. Final games whose open props wait for
// statistics (no stats source covers them; they void at the deadline shown), with a form to
// enter the box score of the players bet on, which a second operator approves (Approvals);
// the box scores recorded lately, with the same form to correct one (the props are then
// re-graded once, moving only payout differences); and the corrections of the feed's player
// names per sport: a name decides whose statistics grade its props, so setting or removing one
// is a request a second operator approves (Approvals), and the next props refresh after it uses it.
import { useCallback, useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../../lib/api-client";
import { useApi } from "../../../session/auth-provider";
import { PROP_MARKETS } from "../../../shared/props/catalogue";
import type { PlayerStatLine } from "../../../shared/schemas/props";
import type { PropPlayerName, PropPlayerNeed, PropStatsView } from "../../../shared/schemas/operator-views";
import { isSportKey, SPORTS, type SportKey, sportLabel } from "../../../shared/sports";
import { fetchPropPlayerNames, fetchPropStats, removePropPlayerName, requestStats, savePropPlayerName } from "../api/admin-api";
import { useAdminLoad } from "../hooks/use-admin-load";
import { ActionDialog } from "./action-dialog";
import { formatTime } from "./admin-format";
import { AdminTable } from "./admin-table";
import { LoadStatus, Section } from "./view-state";

/** A game whose statistics the form enters: the players bet on, and (a correction) the box score recorded. */
type StatsGame = {
  eventId: string;
  home: string;
  away: string;
  players: PropPlayerNeed[];
  recorded: { version: number; box: PlayerStatLine[] } | null;
};

/** One player's row of the form, as typed. */
type Row = { team: "" | "home" | "away"; played: boolean; started: boolean; stats: Record<string, string> };

const WHOLE = /^\d{1,5}$/;
const PROP_SPORTS = SPORTS.filter((s) => PROP_MARKETS[s.key].length > 0);

function gameCell(game: { away: string; home: string; eventId: string }) {
  return (
    <>
      {game.away} @ {game.home}
      <div className="admin-id">{game.eventId}</div>
    </>
  );
}

/** The form's rows: empty for a first box score, the recorded lines for a correction. */
function initialRows(game: StatsGame): Record<string, Row> {
  return Object.fromEntries(
    game.players.map((need) => {
      const line = game.recorded?.box.find((p) => p.playerId === need.playerId);
      const stats = Object.fromEntries(need.stats.map((stat) => [stat, line?.played ? String(line.stats[stat] ?? 0) : ""]));
      return [need.playerId, { team: line?.team ?? "", played: line?.played ?? true, started: line?.stats.started === 1, stats }];
    }),
  );
}

/** What blocks sending the form, in a sentence, or null. */
function formProblem(game: StatsGame, rows: Record<string, Row>): string | null {
  for (const need of game.players) {
    const row = rows[need.playerId]!;
    if (row.team === "") return `Choose ${need.name}'s team.`;
    if (row.played && need.stats.some((stat) => !WHOLE.test(row.stats[stat]?.trim() ?? ""))) {
      return `Enter ${need.name}'s statistics as whole numbers.`;
    }
  }
  return null;
}

/** The box score to send: the form's players, and (a correction) the recorded players nobody bet on, unchanged. */
function boxOf(game: StatsGame, rows: Record<string, Row>): PlayerStatLine[] {
  const entered = game.players.map((need): PlayerStatLine => {
    const row = rows[need.playerId]!;
    const recorded = game.recorded?.box.find((p) => p.playerId === need.playerId);
    const typed = Object.fromEntries(need.stats.map((stat) => [stat, Number(row.stats[stat])]));
    const stats = row.played
      ? { ...(recorded?.played ? recorded.stats : {}), ...typed, ...(need.needsStart && { started: row.started ? 1 : 0 }) }
      : {};
    return { playerId: need.playerId, name: need.name, team: row.team === "away" ? "away" : "home", played: row.played, stats };
  });
  const others = game.recorded?.box.filter((line) => !game.players.some((need) => need.playerId === line.playerId)) ?? [];
  return [...entered, ...others];
}

function StatsDialog({ game, onClose, onSent }: { game: StatsGame; onClose(): void; onSent(message: string): void }) {
  const api = useApi();
  const [rows, setRows] = useState(() => initialRows(game));
  const set = (playerId: string, change: Partial<Row>) => setRows((all) => ({ ...all, [playerId]: { ...all[playerId]!, ...change } }));
  const name = `${game.away} @ ${game.home}`;
  return (
    <ActionDialog
      title={`${game.recorded ? "Correct" : "Enter"} players' statistics: ${name}`}
      confirmLabel="Ask for approval"
      invalid={formProblem(game, rows)}
      onClose={onClose}
      onConfirm={async (reason) => {
        const answer = await requestStats(api, game.eventId, { players: boxOf(game, rows), reason });
        onSent(
          "request" in answer
            ? `Sent for approval: another operator must approve the statistics of ${name} (Approvals tab).`
            : `These statistics of ${name} were already recorded; ${answer.walletsCalled} wallets were re-graded again.`,
        );
      }}
    >
      <p className="admin-muted">
        {game.recorded
          ? `Recorded: version ${game.recorded.version}. Approved, the correction re-grades every prop on this game once: winnings paid on the old statistics are taken back (what was spent becomes owed), new winners are paid.`
          : "One row per player bet on. Approved, the box score settles the game's open props at once. A player who did not play has his props voided."}
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th>Player</th>
              <th>Team</th>
              <th>Played</th>
              <th>Statistics</th>
            </tr>
          </thead>
          <tbody>
            {game.players.map((need) => {
              const row = rows[need.playerId]!;
              return (
                <tr key={need.playerId}>
                  <td>
                    {need.name}
                    <div className="admin-id">{need.playerId}</div>
                  </td>
                  <td>
                    <select
                      className="input"
                      aria-label={`${need.name} team`}
                      value={row.team}
                      onChange={(e) =>
                        set(need.playerId, { team: e.target.value === "away" ? "away" : e.target.value === "home" ? "home" : "" })
                      }
                    >
                      <option value="">—</option>
                      <option value="home">{game.home}</option>
                      <option value="away">{game.away}</option>
                    </select>
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${need.name} played`}
                      checked={row.played}
                      onChange={(e) => set(need.playerId, { played: e.target.checked })}
                    />
                  </td>
                  <td>
                    <div className="admin-score-row">
                      {need.stats.map((stat) => (
                        <label key={stat} className="admin-field">
                          <span>{stat}</span>
                          <input
                            className="input"
                            inputMode="numeric"
                            aria-label={`${need.name} ${stat}`}
                            disabled={!row.played}
                            value={row.stats[stat] ?? ""}
                            onChange={(e) => set(need.playerId, { stats: { ...row.stats, [stat]: e.target.value } })}
                          />
                        </label>
                      ))}
                      {need.needsStart && (
                        <label className="admin-field">
                          <span>started</span>
                          <input
                            type="checkbox"
                            aria-label={`${need.name} started`}
                            disabled={!row.played}
                            checked={row.started}
                            onChange={(e) => set(need.playerId, { started: e.target.checked })}
                          />
                        </label>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </ActionDialog>
  );
}

function PlayerNames({ onChanged }: { onChanged(message: string): void }) {
  const api = useApi();
  const id = useId();
  const [sport, setSport] = useState<SportKey>(PROP_SPORTS[0]!.key);
  const load = useAdminLoad(useCallback(() => fetchPropPlayerNames(api, sport), [api, sport]));
  const empty = { feedName: "", playerId: "", displayName: "", team: "", reason: "" };
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<PropPlayerName | null>(null);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await savePropPlayerName(api, { sport, ...form, team: form.team || undefined, reason: form.reason || undefined });
      onChanged(
        "request" in answer
          ? `Sent for approval: another operator must approve “${form.feedName}” as ${form.displayName} (${form.playerId}) in ${sportLabel(sport)} props (Approvals tab); the next refresh after that uses it.`
          : `“${form.feedName}” already means ${form.displayName} (${form.playerId}) in ${sportLabel(sport)} props: nothing to change.`,
      );
      setForm(empty);
      load.reload();
    } catch (err) {
      setError(errorMessage(err, "The name could not be sent for approval. Try again."));
    }
    setBusy(false);
  };

  const field = (key: keyof typeof form, label: string, placeholder: string) => (
    <label className="admin-field" htmlFor={`${id}-${key}`}>
      <span>{label}</span>
      <input id={`${id}-${key}`} className="input" value={form[key]} onChange={set(key)} placeholder={placeholder} />
    </label>
  );

  return (
    <Section title="Player names">
      <p className="admin-muted">
        The feed names players only as its books spell them. Say which player a spelling means when the rule cannot tell (an initial, a
        shared name), and his team as the feed writes it (the feed names players only, and an anytime scorer needs his side to join a
        same-game parlay); bets keep the player they were placed on. A name decides whose statistics grade its props, so a change waits for
        a second operator (Approvals tab), who must hold no open player-prop bet in the sport; the next props refresh after the approval
        uses it.
      </p>
      <form className="admin-score-row admin-free-entry-form" onSubmit={submit}>
        <label className="admin-field" htmlFor={`${id}-sport`}>
          <span>Sport</span>
          <select
            id={`${id}-sport`}
            className="input"
            value={sport}
            onChange={(e) => isSportKey(e.target.value) && setSport(e.target.value)}
          >
            {PROP_SPORTS.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        {field("feedName", "Feed spelling", "J. Isaac")}
        {field("playerId", "Player id", "jonathan-isaac")}
        {field("displayName", "Shown as", "Jonathan Isaac")}
        {field("team", "Team", "optional: Orlando Magic")}
        {field("reason", "Note", "optional")}
        <div className="admin-field">
          <span aria-hidden="true">&nbsp;</span>
          <button type="submit" className="btn btn-primary" disabled={busy || !form.feedName || !form.playerId || !form.displayName}>
            {busy ? "Sending..." : "Ask for approval"}
          </button>
        </div>
      </form>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      <LoadStatus load={load} what="player names" />
      {load.data && (
        <AdminTable
          rows={load.data.names}
          rowKey={(n) => n.feedName}
          empty={`No corrections for ${sportLabel(sport)}: every name is its own slug.`}
          columns={[
            { header: "Feed spelling", cell: (n) => n.feedName },
            { header: "Player id", className: "admin-id", cell: (n) => n.playerId },
            { header: "Shown as", cell: (n) => n.displayName },
            { header: "Team", cell: (n) => n.team ?? "" },
            { header: "Changed", cell: (n) => `${n.updatedBy}, ${formatTime(n.updatedAt)}` },
            {
              cell: (n) => (
                <div className="admin-actions">
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost"
                    onClick={() =>
                      setForm({ feedName: n.feedName, playerId: n.playerId, displayName: n.displayName, team: n.team ?? "", reason: "" })
                    }
                  >
                    Edit
                  </button>
                  <button type="button" className="btn btn-sm btn-danger" onClick={() => setRemoving(n)}>
                    Remove
                  </button>
                </div>
              ),
            },
          ]}
        />
      )}
      {removing && (
        <ActionDialog
          title={`Remove the correction of “${removing.feedName}”?`}
          confirmLabel="Ask for approval"
          danger
          onClose={() => setRemoving(null)}
          onConfirm={async (reason) => {
            const answer = await removePropPlayerName(api, sport, removing.feedName, reason);
            onChanged(
              "request" in answer
                ? `Sent for approval: another operator must approve removing “${removing.feedName}” from ${sportLabel(sport)} props (Approvals tab).`
                : `“${removing.feedName}” has no correction in ${sportLabel(sport)} props: nothing to remove.`,
            );
            load.reload();
          }}
        >
          <p className="admin-muted">
            Another operator approves it first (Approvals tab). Props of this spelling then name the player by its slug; bets already placed
            keep their player.
          </p>
        </ActionDialog>
      )}
    </Section>
  );
}

export function PropsTab({ onChanged }: { onChanged(message: string): void }) {
  const api = useApi();
  const view = useAdminLoad(useCallback(() => fetchPropStats(api), [api]));
  const [entering, setEntering] = useState<StatsGame | null>(null);
  if (view.status === "not-found") return null;
  const data: PropStatsView | null = view.data;

  return (
    <div className="admin-stack">
      <LoadStatus load={view} what="players' statistics" />
      {data && (
        <>
          <Section title="Games waiting for players' statistics">
            <AdminTable
              rows={data.awaiting}
              rowKey={(g) => g.eventId}
              rowProps={(g) => ({ "data-event-id": g.eventId })}
              empty="No final game's props wait for statistics."
              columns={[
                { header: "Game", cell: gameCell },
                { header: "Sport", cell: (g) => sportLabel(g.sport) },
                { header: "Final", cell: (g) => `${g.homeScore}–${g.awayScore}` },
                { header: "Void at", cell: (g) => formatTime(g.deadline) },
                { header: "Open props", num: true, cell: (g) => g.openLegs },
                { header: "Players", num: true, cell: (g) => g.players.length },
                {
                  header: "Action",
                  cell: (g) => (
                    <button type="button" className="btn btn-sm btn-ghost" onClick={() => setEntering({ ...g, recorded: null })}>
                      Enter statistics
                    </button>
                  ),
                },
              ]}
            />
          </Section>
          <Section title="Recorded statistics (correct a box score)">
            <AdminTable
              scroll
              rows={data.recorded}
              rowKey={(g) => g.eventId}
              empty="No box score recorded yet."
              columns={[
                { header: "Game", cell: gameCell },
                { header: "Sport", cell: (g) => sportLabel(g.sport) },
                { header: "Source", cell: (g) => g.source },
                { header: "Version", num: true, cell: (g) => g.version },
                { header: "Recorded", cell: (g) => formatTime(g.recordedAt) },
                {
                  header: "Action",
                  cell: (g) =>
                    g.players.length > 0 && (
                      <button
                        type="button"
                        className="btn btn-sm btn-ghost"
                        onClick={() => setEntering({ ...g, recorded: { version: g.version, box: g.box } })}
                      >
                        Correct statistics
                      </button>
                    ),
                },
              ]}
            />
          </Section>
        </>
      )}
      <PlayerNames onChanged={onChanged} />
      {entering && (
        <StatsDialog
          game={entering}
          onClose={() => setEntering(null)}
          onSent={(message) => {
            onChanged(message);
            view.reload();
          }}
        />
      )}
    </div>
  );
}
