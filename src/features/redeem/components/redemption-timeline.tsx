// One redemption as the player follows it: the steps it reached with the time of each
// (requested → identity checked → in review → approved → sent → paid, or returned with the
// reason; a payout the bank sent back is returned by the bank, then returned to the balance), the steps still ahead, why it is held now and what happens next — all as the
// Worker computed them (GET /api/withdrawals); this only lays them out, with times in
// Eastern time like every other time the book shows.
import { formatMoney } from "../../../shared/money";
import { formatEtTime } from "../../../shared/protection";
import { bankReturned, type Redemption, type RedemptionStepName } from "../../../shared/schemas/redemptions";

export const STEP_LABEL: Record<RedemptionStepName, string> = {
  requested: "Requested",
  "identity-checked": "Identity checked",
  "in-review": "In review",
  approved: "Approved",
  sent: "Sent to your payout account",
  paid: "Paid to your bank",
  "bank-returned": "Returned by your bank",
  returned: "Returned to your balance",
};

/** The steps a redemption still expects, in order (none once it is paid or returned; a bank's return expects the balance's). */
export function stepsAhead(redemption: Pick<Redemption, "timeline" | "status">): RedemptionStepName[] {
  const reached = new Set(redemption.timeline.map((s) => s.step));
  if (bankReturned(redemption)) return reached.has("returned") ? [] : ["returned"];
  if (reached.has("returned") || reached.has("paid") || redemption.status === "failed") return [];
  const path: RedemptionStepName[] = reached.has("in-review")
    ? ["requested", "identity-checked", "in-review", "approved", "sent", "paid"]
    : ["requested", "identity-checked", "sent", "paid"];
  return path.filter((step) => !reached.has(step));
}

export function RedemptionTimeline({ redemption }: { redemption: Redemption }) {
  const ahead = stepsAhead(redemption);
  return (
    <div className="redeem-timeline-block">
      <ol className="redeem-timeline" aria-label={`Timeline of the ${formatMoney("cash", redemption.amountCents)} Vantage Cash redemption`}>
        {redemption.timeline.map((s) => (
          <li key={s.step} className={`redeem-step redeem-step-done redeem-step-${s.step}`}>
            <span className="redeem-step-name">{STEP_LABEL[s.step]}</span>
            <time className="redeem-step-time" dateTime={new Date(s.at).toISOString()}>
              {formatEtTime(s.at)}
            </time>
            {s.note && s.step !== "identity-checked" && s.note !== redemption.hold && <span className="redeem-step-note">{s.note}</span>}
          </li>
        ))}
        {ahead.map((step) => (
          <li key={step} className="redeem-step redeem-step-ahead">
            <span className="redeem-step-name">{STEP_LABEL[step]}</span>
          </li>
        ))}
      </ol>
      {redemption.hold && <p className="redeem-hold">On hold: {redemption.hold}</p>}
      {redemption.next && <p className="redeem-next">Next: {redemption.next}</p>}
    </div>
  );
}
