// /winners (public): recent paid redemptions, as the Official Sweepstakes Rules promise:
// the day, the amount and the region, under the player's public handle or as "a player
// in US-TX"; never a name or an e-mail address (the Worker never sends one). Below the list,
// how long redemptions take, week by week (redemption-times.tsx).
import { useCallback } from "react";
import { Link } from "react-router";
import { useApi } from "../../../session/auth-provider";
import { formatRedemptionDollars } from "../../../shared/schemas/redemptions";
import { SWEEPSTAKES_RULES_PATH } from "../../../shared/sweepstakes-notice";
import { getWinners } from "../api/sweepstakes-api";
import { useLoad } from "../../../lib/use-load";
import { RedemptionTimesSection } from "./redemption-times";
import "./sweepstakes.css";

const dayOf = (key: string) => new Date(`${key}T12:00:00Z`).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function WinnersPage() {
  const api = useApi();
  const load = useCallback(() => getWinners(api), [api]);
  const [winners, retry] = useLoad(load);
  return (
    <main className="page page-narrow sweeps-page">
      <article className="card sweeps-card" aria-labelledby="winners-title">
        <h1 id="winners-title">Winners</h1>
        <p className="muted">
          Recent Vantage Cash redemptions paid as prizes under the <Link to={SWEEPSTAKES_RULES_PATH}>Official Sweepstakes Rules</Link>.
        </p>
        {winners.status === "loading" && (
          <p className="muted" role="status">
            Loading winners…
          </p>
        )}
        {winners.status === "error" && (
          <div role="alert">
            <p>{winners.message}</p>
            <button type="button" className="btn" onClick={retry}>
              Try again
            </button>
          </div>
        )}
        {winners.status === "ready" && winners.data.length === 0 && <p>No prizes have been paid yet.</p>}
        {winners.status === "ready" && winners.data.length > 0 && (
          <table className="sweeps-winners">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Winner</th>
                <th scope="col">Region</th>
                <th scope="col" className="amount">
                  Prize
                </th>
              </tr>
            </thead>
            <tbody>
              {winners.data.map((w, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows carry no id (redemption ids stay private); the list is read once
                <tr key={i}>
                  <td>{dayOf(w.paidOn)}</td>
                  <td>{w.winner}</td>
                  <td>{w.region ?? "—"}</td>
                  <td className="amount tabular">{formatRedemptionDollars(w.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <RedemptionTimesSection />
      </article>
    </main>
  );
}
