// /social: leaderboards — this week (Eastern time, from Monday) or all time,
// per wallet, by profit, return on stake, longest win streak or (Sharpest) average
// closing-line value over 30 days, players listed by their
// handle only — with the viewer's own rank (its own private request) even outside the
// top 50 or when they are not listed, and the "Following" tab with the newest picks of
// the players the viewer follows. Readable signed out; the Following tab asks to sign in.
import { useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { WALLET_LABEL, formatAmount, type WalletKind } from "../../../shared/money";
import { LEADERBOARD_SIZE, ROI_MIN_BETS, profilePath, type LeaderboardMetric, type LeaderboardPeriod } from "../../../shared/social";
import { useAuth } from "../../../session/auth-provider";
import { getFollowing, getLeaderboard, getMyRank } from "../api/social-api";
import { useLoad } from "../../../lib/use-load";
import { PublicPickCard } from "./public-pick-card";
import { SHARPEST_MIN_LEGS, SHARPEST_WINDOW_DAYS } from "../../../shared/clv";
import "./social.css";

const PERIODS: [LeaderboardPeriod, string][] = [
  ["week", "This week"],
  ["all", "All time"],
];
const WALLETS: [WalletKind, string][] = [
  ["coins", WALLET_LABEL.coins],
  ["cash", WALLET_LABEL.cash],
];
const METRICS: [LeaderboardMetric, string][] = [
  ["profit", "Profit"],
  ["roi", "Return on stake"],
  ["streak", "Win streak"],
  ["clv", "Sharpest"],
];

export function formatLeaderboardValue(metric: LeaderboardMetric, wallet: WalletKind, value: number): string {
  if (metric === "streak") return `${value} ${value === 1 ? "win" : "wins"}`;
  if (metric === "roi" || metric === "clv") return `${value > 0 ? "+" : value < 0 ? "−" : ""}${Math.abs(value * 100).toFixed(1)}%`;
  const sign = value > 0 ? "+" : value < 0 ? "−" : "";
  return `${sign}${formatAmount(wallet, Math.abs(value))}`;
}

function Choice<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: [T, string][];
  value: T;
  onChange(v: T): void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div className="tabs" role="group" aria-label={legend}>
        {options.map(([key, label]) => (
          <button
            key={key}
            type="button"
            className={`tab${value === key ? " active" : ""}`}
            aria-pressed={value === key}
            onClick={() => onChange(key)}
          >
            {label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Why the viewer, though ranked, is not listed on this board: only they see their rank. */
function unlistedReason(handle: string | null, wallet: WalletKind, showsCash: boolean): string | null {
  if (!handle) return "Only you see your rank: players appear on leaderboards under a handle.";
  if (wallet === "cash" && !showsCash) return "Only you see your rank: your Vantage Cash results are not shown.";
  return null;
}

function Leaderboard() {
  const { api, status: authStatus, user } = useAuth();
  const [period, setPeriod] = useState<LeaderboardPeriod>("week");
  const [wallet, setWallet] = useState<WalletKind>("coins");
  const [metric, setMetric] = useState<LeaderboardMetric>("profit");
  // The board is public and the same for everyone; the viewer's own rank is asked apart.
  const [board, retry] = useLoad(
    useMemo(
      () => (authStatus === "loading" ? null : () => getLeaderboard(api, { period, wallet, metric })),
      [api, period, wallet, metric, authStatus],
    ),
  );
  const [mine] = useLoad(
    useMemo(
      () => (authStatus === "signed-in" ? () => getMyRank(api, { period, wallet, metric }) : null),
      [api, period, wallet, metric, authStatus],
    ),
  );
  const myHandle = user?.handle ?? null;
  const me = mine.status === "ready" ? mine.data.me : null;
  const unlisted = me ? unlistedReason(myHandle, wallet, user?.showCashResults === true) : null;

  return (
    <section className="card" aria-labelledby="leaderboard-title">
      <h2 id="leaderboard-title" className="card-title">
        Leaderboard
      </h2>
      <div className="social-filters">
        <Choice<LeaderboardPeriod> legend="Period" options={PERIODS} value={period} onChange={setPeriod} />
        <Choice<WalletKind> legend="Wallet" options={WALLETS} value={wallet} onChange={setWallet} />
        <Choice<LeaderboardMetric> legend="Ranked by" options={METRICS} value={metric} onChange={setMetric} />
      </div>
      <p className="muted social-note">
        {metric === "clv"
          ? `Average closing-line value of bets settled in the last ${SHARPEST_WINDOW_DAYS} days, whatever the period; players with at least ${SHARPEST_MIN_LEGS} settled pre-match picks.`
          : period === "week"
            ? "Bets settled since Monday 12:00 AM Eastern."
            : "Every settled bet."}{" "}
        {metric === "clv"
          ? ""
          : metric === "roi"
            ? `Profit ÷ stakes; players with at least ${ROI_MIN_BETS} settled bets.`
            : metric === "streak"
              ? "Most wins in a row."
              : "Payouts − stakes."}
      </p>
      {authStatus === "signed-in" && mine.status === "ready" && (
        <p className="leaderboard-me" aria-live="polite">
          {me ? (
            <span>
              Your rank: <strong>#{me.rank}</strong> · {formatLeaderboardValue(metric, wallet, me.value)}
            </span>
          ) : user?.profileHidden ? (
            <span className="muted">Your profile is hidden, so you are not ranked. Change it in Account.</span>
          ) : (
            <span className="muted">You are not ranked here yet.</span>
          )}
          {unlisted && <span className="muted">{unlisted}</span>}
          {!user?.profileHidden && (!myHandle || (wallet === "cash" && !user?.showCashResults)) && (
            <Link to="/account" className="muted">
              {myHandle ? "Show your Vantage Cash results in Account" : "Choose a handle to appear on leaderboards"}
            </Link>
          )}
        </p>
      )}
      {board.status === "loading" && (
        <p className="muted" role="status">
          Loading leaderboard…
        </p>
      )}
      {board.status === "error" && (
        <div role="alert">
          <p className="error-text">{board.message}</p>
          <button type="button" className="btn btn-sm" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {board.status === "ready" && board.data.entries.length === 0 && (
        <p className="empty-state">No one is ranked here yet. Settled bets show up here.</p>
      )}
      {board.status === "ready" && board.data.entries.length > 0 && (
        <table className="leaderboard-table tabular">
          <caption className="visually-hidden">
            Top {LEADERBOARD_SIZE}: {PERIODS.find(([k]) => k === period)?.[1]}, {WALLET_LABEL[wallet]},{" "}
            {METRICS.find(([k]) => k === metric)?.[1]}
          </caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Player</th>
              <th scope="col" className="num">
                {METRICS.find(([k]) => k === metric)?.[1]}
              </th>
            </tr>
          </thead>
          <tbody>
            {board.data.entries.map((e) => {
              const isMe = myHandle !== null && e.handle === myHandle;
              return (
                <tr key={e.rank} className={isMe ? "is-me" : undefined} aria-current={isMe ? "true" : undefined}>
                  <td>{e.rank}</td>
                  <td className="player">
                    <Link to={profilePath(e.handle)}>@{e.handle}</Link>
                  </td>
                  <td className="num">{formatLeaderboardValue(metric, wallet, e.value)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Following() {
  const { api, status, signIn } = useAuth();
  const [feed, retry] = useLoad(useMemo(() => (status === "signed-in" ? () => getFollowing(api) : null), [api, status]));

  if (status === "signed-out") {
    return (
      <section className="card empty-state">
        <p>Sign in to follow players and see their picks here.</p>
        <button type="button" className="btn btn-primary" onClick={() => signIn("/social?tab=following")}>
          Sign in
        </button>
      </section>
    );
  }
  if (feed.status === "loading")
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  if (feed.status === "error") {
    return (
      <div role="alert" className="empty-state">
        <p className="error-text">{feed.message}</p>
        <button type="button" className="btn btn-sm" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  const { following, picks } = feed.data;
  return (
    <>
      <section className="card" aria-labelledby="following-title">
        <h2 id="following-title" className="card-title">
          Players you follow
        </h2>
        {following.length === 0 ? (
          <p className="muted">You are not following anyone yet. Open a player from the leaderboard and press Follow.</p>
        ) : (
          <ul className="following-players">
            {following.map((p) => (
              <li key={p.handle}>
                <Link to={profilePath(p.handle)} className="badge">
                  @{p.handle}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {following.length > 0 && picks.length === 0 && (
        <p className="empty-state">No picks to show yet. Open picks appear once their games start.</p>
      )}
      {picks.length > 0 && (
        <ul className="stack-list picks-list" aria-label="Newest picks of players you follow">
          {picks.map((pick) => (
            <PublicPickCard key={pick.id} pick={pick} showOwner />
          ))}
        </ul>
      )}
    </>
  );
}

export function SocialPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "following" ? "following" : "leaderboards";
  const select = (next: "leaderboards" | "following") => setParams(next === "following" ? { tab: next } : {}, { replace: true });
  return (
    <main className="page page-narrow social-page">
      <h1>Social</h1>
      <div className="tabs" role="tablist" aria-label="Social">
        {(
          [
            ["leaderboards", "Leaderboards"],
            ["following", "Following"],
          ] as const
        ).map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`social-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="social-panel"
            className={`tab${tab === key ? " active" : ""}`}
            onClick={() => select(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <div id="social-panel" role="tabpanel" aria-labelledby={`social-tab-${tab}`} className="social-page">
        {tab === "leaderboards" ? <Leaderboard /> : <Following />}
      </div>
    </main>
  );
}
