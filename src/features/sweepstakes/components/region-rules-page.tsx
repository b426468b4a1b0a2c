// /where-cash-is-offered (public): where Vantage Cash is offered, written from the same dated
// region table as the Official Sweepstakes Rules' "where void" clause, so the two agree. Each
// region's mode today, since when and why (the law or regulator action, linked), a
// redemption window's last day, the laws already passed that take effect later, and what
// happens where a player's location cannot be confirmed. Coins play is offered everywhere
// but where Vantage is not offered at all.
import { useCallback } from "react";
import { Link } from "react-router";
import { useLoad } from "../../../lib/use-load";
import { useApi } from "../../../session/auth-provider";
import type { RegionMode } from "../../../shared/region-rules";
import type { RegionOffer } from "../../../shared/schemas/sweepstakes";
import { SWEEPSTAKES_RULES_PATH } from "../../../shared/sweepstakes-notice";
import { getRegionOffers } from "../api/sweepstakes-api";
import "./sweepstakes.css";

const MODE_TEXT: Record<RegionMode, string> = {
  full: "Offered",
  "coins-only": "Not offered (Coins only)",
  "redeem-only": "Redemptions only",
  blocked: "Vantage not offered",
};

function OfferRows({ rows }: { rows: RegionOffer[] }) {
  return (
    <table className="sweeps-winners">
      <thead>
        <tr>
          <th scope="col">Region</th>
          <th scope="col">Vantage Cash</th>
          <th scope="col">Since</th>
          <th scope="col">Why</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.region}-${row.from}`}>
            <td>{row.region}</td>
            <td>
              {MODE_TEXT[row.upcoming ? row.mode : row.modeToday]}
              {row.until && row.modeToday === "redeem-only" ? `, until ${row.until}` : ""}
            </td>
            <td className="tabular">{row.from}</td>
            <td>
              <a href={row.source.url} target="_blank" rel="noreferrer">
                {row.source.title}
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RegionRulesPage() {
  const api = useApi();
  const load = useCallback(() => getRegionOffers(api), [api]);
  const [offers, retry] = useLoad(load);
  return (
    <main className="page page-narrow sweeps-page">
      <article className="card sweeps-card" aria-labelledby="region-rules-title">
        <h1 id="region-rules-title">Where Vantage Cash is offered</h1>
        <p className="muted">
          Vantage Cash is offered wherever the law allows the sweepstakes; Coins play is offered everywhere but where Vantage is not offered
          at all. The <Link to={SWEEPSTAKES_RULES_PATH}>Official Sweepstakes Rules</Link> list the same places.
        </p>
        {offers.status === "loading" && (
          <p className="muted" role="status">
            Loading where Vantage Cash is offered…
          </p>
        )}
        {offers.status === "error" && (
          <div role="alert">
            <p>{offers.message}</p>
            <button type="button" className="btn" onClick={retry}>
              Try again
            </button>
          </div>
        )}
        {offers.status === "ready" && (
          <>
            <h2>Where it is limited today ({offers.data.day})</h2>
            <OfferRows
              rows={offers.data.entries.filter((e) => !e.upcoming && e.covers === "sweepstakes-sports" && e.modeToday !== "full")}
            />
            {offers.data.operatorLists.coinsOnly.length > 0 && (
              <p>Also Coins only, by the sponsor's choice: {offers.data.operatorLists.coinsOnly.join(", ")}.</p>
            )}
            {offers.data.operatorLists.blocked.length > 0 && (
              <p>Vantage is not offered in {offers.data.operatorLists.blocked.join(", ")}.</p>
            )}
            {offers.data.entries.some((e) => e.upcoming) && (
              <>
                <h2>Laws that take effect later</h2>
                <OfferRows rows={offers.data.entries.filter((e) => e.upcoming)} />
              </>
            )}
            <h2>Good to know</h2>
            <ul>
              <li>Where your location cannot be confirmed (for example over Tor), you play Coins only.</li>
              <li>
                Where a new law ends the sweepstakes, you may redeem the Vantage Cash you hold until the last day shown; a balance below the
                minimum redemption stays in your account and can be redeemed if Vantage Cash is offered there again.
              </li>
              <li>
                A higher minimum age applies in{" "}
                {offers.data.entries
                  .filter((e) => e.minAge !== null)
                  .map((e) => `${e.region} (${e.minAge})`)
                  .join(", ")}
                .
              </li>
            </ul>
          </>
        )}
      </article>
    </main>
  );
}
