// The winners page's "How long redemptions take": per ISO week (UTC), the median and 95th
// percentile from request to paid and the share held, and why, as the Worker computes them
// (src/shared/redemption-times.ts). Weeks with no redemption paid or returned are left
// out; a week with too few paid shows its counts only; nothing here names a player or an
// amount. On a phone the table scrolls inside its own frame, never the page.
import { useCallback } from "react";
import { useLoad } from "../../../lib/use-load";
import { formatRedemptionTime, formatShare } from "../../../shared/redemption-times";
import type { RedemptionWeek } from "../../../shared/schemas/redemption-times";
import { useApi } from "../../../session/auth-provider";
import { getRedemptionTimes } from "../api/sweepstakes-api";

const weekOf = (startsOn: string) =>
  new Date(`${startsOn}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

function heldText(week: RedemptionWeek): string {
  if (week.heldShare === null || week.heldFor === null) return "—";
  if (week.heldShare === 0) return "None";
  const { identity, review, hold } = week.heldFor;
  return `${formatShare(week.heldShare)} (identity ${formatShare(identity)}, review ${formatShare(review)}, hold ${formatShare(hold)})`;
}

export function RedemptionTimesSection() {
  const api = useApi();
  const load = useCallback(() => getRedemptionTimes(api), [api]);
  const [times, retry] = useLoad(load);
  return (
    <section aria-labelledby="redemption-times-title">
      <h2 id="redemption-times-title">How long redemptions take</h2>
      <p className="muted">
        From request to paid, week by week (Monday to Sunday, UTC), over the last 12 weeks. Half of a week's redemptions were paid within
        the median, 95 in 100 within the 95th percentile. Held: the share of the week's paid and returned redemptions that waited for an
        identity check, an operator's review or a hold (a frozen account, a payment under review, an amount owed); one may wait for more
        than one.
      </p>
      {times.status === "loading" && (
        <p className="muted" role="status">
          Loading redemption times…
        </p>
      )}
      {times.status === "error" && (
        <div role="alert">
          <p>Redemption times could not be loaded right now.</p>
          <button type="button" className="btn" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {times.status === "ready" && times.data.weeks.every((w) => w.paid + w.returned === 0) && (
        <p>No redemption was paid or returned in the last 12 weeks.</p>
      )}
      {times.status === "ready" && times.data.weeks.some((w) => w.paid + w.returned > 0) && (
        <>
          <p className="muted">
            A week with fewer than {times.data.minPaidForFigures} paid redemptions shows its counts only, so that no figure describes one
            player's redemption.
          </p>
          <div className="sweeps-table-frame">
            <table className="sweeps-winners" aria-labelledby="redemption-times-title">
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  <th scope="col" className="amount">
                    Paid
                  </th>
                  <th scope="col" className="amount">
                    Returned
                  </th>
                  <th scope="col" className="amount">
                    Median
                  </th>
                  <th scope="col" className="amount">
                    95th percentile
                  </th>
                  <th scope="col">Held</th>
                </tr>
              </thead>
              <tbody>
                {times.data.weeks
                  .filter((w) => w.paid + w.returned > 0)
                  .map((w) => (
                    <tr key={w.week}>
                      <th scope="row">{weekOf(w.startsOn)}</th>
                      <td className="amount tabular">{w.paid}</td>
                      <td className="amount tabular">{w.returned}</td>
                      {w.medianMs === null || w.p95Ms === null ? (
                        <td colSpan={3} className="muted">
                          Too few paid to show
                        </td>
                      ) : (
                        <>
                          <td className="amount tabular">{formatRedemptionTime(w.medianMs)}</td>
                          <td className="amount tabular">{formatRedemptionTime(w.p95Ms)}</td>
                          <td>{heldText(w)}</td>
                        </>
                      )}
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
