// House: the house's book (GET /api/admin/house/…). What it owes — Vantage Cash and Coins
// held by players (the cash split into redeemable now, held back by play-through or a
// purchase hold, and in pending redemptions) and what open cash bets would pay — with the
// daily history the cron records drawn like the Health charts; and what it won — hold per
// UTC day, sport, kind and currency. Each view downloads as CSV (fetched with the session's
// token, then saved).
import { useCallback, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { formatMoney } from "../../../shared/money";
import type { HoldRow, HouseLiability } from "../../../shared/schemas/house";
import { useApi } from "../../../session/auth-provider";
import { fetchHouseCsv, fetchHouseHold, fetchHouseLiability } from "../api/admin-api";
import { useAdminLoad } from "../hooks/use-admin-load";
import { formatMinusOnly, formatTime } from "./admin-format";
import { saveFile } from "../../../lib/save-file";
import { AdminTable } from "./admin-table";
import { LineChart } from "./health-charts";
import { LoadStatus, Section, Stat } from "./view-state";

const DAYS = 30;

const KIND_LABEL: Record<HoldRow["kind"], string> = {
  single: "Singles",
  parlay: "Parlays",
  "same-game": "Same-game parlays",
  props: "Props",
  "cash-out": "Cash-outs",
};

const holdPct = (pct: number | null) => (pct === null ? "—" : `${(pct * 100).toFixed(2)}%`);

function CsvButton({ view, label }: { view: "liability" | "hold"; label: string }) {
  const api = useApi();
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setProblem(null);
    try {
      saveFile(`house-${view}.csv`, await fetchHouseCsv(api, view, DAYS), "text/csv");
    } catch (err) {
      setProblem(errorMessage(err, "The CSV could not be downloaded."));
    }
  };
  return (
    <span>
      <button type="button" className="btn btn-sm btn-ghost" onClick={download}>
        {label}
      </button>
      {problem && <span className="admin-bad"> {problem}</span>}
    </span>
  );
}

function LiabilityView({ data }: { data: HouseLiability }) {
  const first = data.history[0]?.day;
  const span = {
    description: first ? `from ${first} to ${data.history.at(-1)?.day}` : "over the recorded days",
    start: first ?? "",
    end: data.history.at(-1)?.day ?? "",
    empty: "No day recorded yet: the cron records one a day.",
  };
  const cashLines = [
    { label: "Cash held", values: data.history.map((d) => d.cashCents / 100) },
    { label: "Open cash bets' payout", values: data.history.map((d) => d.openCashPayoutCents / 100) },
    { label: "In pending redemptions", values: data.history.map((d) => d.pendingRedemptionCents / 100) },
  ];
  return (
    <Section title="What the house owes" action={<CsvButton view="liability" label="Download history (CSV)" />}>
      <dl className="admin-stats">
        <Stat label="Vantage Cash held">{formatMoney("cash", data.cashCents)}</Stat>
        <Stat label="Redeemable now">{formatMoney("cash", data.cashHeld.redeemableCents)}</Stat>
        <Stat label="Held back">{formatMoney("cash", data.cashHeld.heldBackCents)}</Stat>
        <Stat label="Still to play">{formatMoney("cash", data.cashHeld.toPlayCents)}</Stat>
        <Stat label="Held by purchase holds">{formatMoney("cash", data.cashHeld.purchaseHeldCents)}</Stat>
        <Stat label="In pending redemptions">{formatMoney("cash", data.cashHeld.pendingRedemptionCents)}</Stat>
        <Stat label="Coins outstanding">{formatMoney("coins", data.coins)}</Stat>
        <Stat label="Open cash bets">{data.openCashBets.toLocaleString("en-US")}</Stat>
        <Stat label="Their potential payout">{formatMoney("cash", data.openCashPayoutCents)}</Stat>
        <Stat label="Players">{data.players.toLocaleString("en-US")}</Stat>
        <Stat label="Vantage Cash owed back">{formatMoney("cash", data.owedCashCents)}</Stat>
        <Stat label="Coins owed back">{formatMoney("coins", data.owedCoins)}</Stat>
      </dl>
      <p className="admin-muted">
        As of {formatTime(data.asOf)}. Held back is what play-through or a purchase hold keeps from a redemption (the larger of the two per
        player); a pause for a dispute or an amount owed is not counted.
        {data.cashHeld.walletsNotSplit > 0 &&
          ` ${data.cashHeld.walletsNotSplit.toLocaleString("en-US")} wallets have not changed since this split was recorded and count as redeemable.`}
      </p>
      <div className="health-grid-charts">
        <LineChart
          title="Vantage Cash owed"
          unit="Cash, per day"
          summary="last"
          span={span}
          lines={data.history.length > 0 ? cashLines : []}
        />
        <LineChart
          title="Coins outstanding"
          unit="per day"
          summary="last"
          span={span}
          lines={data.history.length > 0 ? [{ label: "Coins", values: data.history.map((d) => d.coins) }] : []}
        />
      </div>
    </Section>
  );
}

function HoldView({ rows }: { rows: readonly HoldRow[] }) {
  return (
    <Section title={`What the house won (last ${DAYS} UTC days)`} action={<CsvButton view="hold" label="Download hold (CSV)" />}>
      <AdminTable
        rows={rows}
        rowKey={(r) => `${r.day}|${r.sport}|${r.kind}|${r.currency}`}
        empty="No bet was settled in these days."
        scroll
        columns={[
          { header: "Day", cell: (r) => r.day },
          { header: "Sport", cell: (r) => r.sport },
          { header: "Kind", cell: (r) => KIND_LABEL[r.kind] },
          { header: "Currency", cell: (r) => (r.currency === "cash" ? "Cash" : "Coins") },
          { header: "Bets", num: true, cell: (r) => r.bets.toLocaleString("en-US") },
          { header: "Staked", num: true, cell: (r) => formatMoney(r.currency, r.staked) },
          { header: "Paid", num: true, cell: (r) => formatMoney(r.currency, r.paid) },
          { header: "Hold", num: true, cell: (r) => formatMinusOnly(r.currency, r.hold) },
          { header: "Hold %", num: true, cell: (r) => holdPct(r.holdPct) },
        ]}
      />
    </Section>
  );
}

export function HouseTab() {
  const api = useApi();
  const liability = useAdminLoad(useCallback(() => fetchHouseLiability(api, DAYS), [api]));
  const hold = useAdminLoad(useCallback(() => fetchHouseHold(api, DAYS), [api]));
  if (liability.status === "not-found" || hold.status === "not-found") return null;
  return (
    <div className="admin-stack">
      <LoadStatus load={liability} what="the liability" />
      {liability.data && <LiabilityView data={liability.data} />}
      <LoadStatus load={hold} what="the hold" />
      {hold.data && <HoldView rows={hold.data.rows} />}
    </div>
  );
}
