// The Health view's charts: the last 24 hours of the Worker's metrics (GET
// /api/admin/health) drawn as SVG line charts, one per question an operator asks — are
// bets going through, how fast, what is refused, what fails, is settlement keeping up,
// do payouts and the feed work. Plain SVG (no chart library): it renders in the DOM
// tests and keeps the console's chunk small.
import type { HealthResponse, HealthSeries, MetricName } from "../../../shared/schemas/health";

/** One line of a chart: its label and a value per bucket. */
export type ChartLine = { label: string; values: number[] };

/** What a chart's buckets cover: said to screen readers, under the chart's ends, and when nothing was recorded. */
export type ChartSpan = { description: string; start: string; end: string; empty: string };

const LAST_DAY: ChartSpan = {
  description: "over the last 24 hours",
  start: "24 h ago",
  end: "now",
  empty: "Nothing recorded in the last 24 hours.",
};

/** `peak`: the legend gives a line's highest bucket (latency, lag), else its total over the day. */
type ChartSpec = {
  title: string;
  unit: string;
  summary?: "total" | "peak";
  lines(data: HealthResponse): ChartLine[];
};

// The drawing's own units; the SVG stretches to the card's width (labels are HTML, so they stay readable on a phone).
const W = 600;
const H = 140;
const PAD = { top: 4, right: 2, bottom: 4, left: 2 };
const MAX_LINES = 5;

const of = (data: HealthResponse, metric: MetricName) => data.series.filter((s) => s.metric === metric);
const counts = (s: HealthSeries) => s.points.map((p) => p.count);
const byOutcome = (data: HealthResponse, metric: MetricName, label = (o: string) => o): ChartLine[] =>
  of(data, metric).map((s) => ({ label: label(s.outcome), values: counts(s) }));

/** Sums several series point by point (all share the buckets). */
function summed(series: readonly HealthSeries[], pick: (p: HealthSeries["points"][number]) => number): number[] {
  const length = series[0]?.points.length ?? 0;
  return Array.from({ length }, (_, i) => series.reduce((n, s) => n + pick(s.points[i]!), 0));
}

const REFUSALS = new Set(["price-changed", "market-suspended"]);

export const HEALTH_CHARTS: readonly ChartSpec[] = [
  {
    title: "Placements",
    unit: "per 15 min",
    lines: (data) => {
      const all = of(data, "placement");
      const ok = all.filter((s) => s.outcome === "ok");
      const refused = all.filter((s) => s.outcome !== "ok");
      return [
        { label: "placed", values: summed(ok, (p) => p.count) },
        { label: "refused", values: summed(refused, (p) => p.count) },
      ].filter((l) => l.values.length > 0);
    },
  },
  {
    title: "Placement latency",
    unit: "ms, peak",
    summary: "peak",
    lines: (data) => {
      const all = of(data, "placement");
      if (all.length === 0) return [];
      const count = summed(all, (p) => p.count);
      const sum = summed(all, (p) => p.sum);
      const max = count.map((_, i) => Math.max(...all.map((s) => s.points[i]!.max)));
      return [
        { label: "average", values: count.map((n, i) => (n > 0 ? Math.round(sum[i]! / n) : 0)) },
        { label: "slowest", values: max },
      ];
    },
  },
  {
    title: "Price changed and suspended refusals",
    unit: "per 15 min",
    lines: (data) => byOutcome(data, "placement").filter((l) => REFUSALS.has(l.label)),
  },
  {
    title: "Failures",
    unit: "per 15 min",
    lines: (data) =>
      [
        { label: "wallet calls", values: summed(of(data, "wallet-failure"), (p) => p.count) },
        { label: "5xx answers", values: summed(of(data, "request-error"), (p) => p.count) },
        { label: "alerts", values: summed(of(data, "alert"), (p) => p.count) },
      ].filter((l) => l.values.length > 0),
  },
  { title: "Stripe webhooks", unit: "per 15 min", lines: (data) => byOutcome(data, "webhook", (status) => `HTTP ${status}`) },
  { title: "Settlement messages", unit: "per 15 min", lines: (data) => byOutcome(data, "settlement") },
  {
    title: "Settlement lag",
    unit: "s, peak",
    summary: "peak",
    lines: (data) =>
      of(data, "settlement-lag").map((s) => ({ label: "slowest message", values: s.points.map((p) => Math.round(p.max / 1000)) })),
  },
  { title: "Payouts", unit: "per 15 min", lines: (data) => byOutcome(data, "payout") },
  {
    title: "Odds feed",
    unit: "per 15 min",
    lines: (data) => [
      ...byOutcome(data, "feed-call", (o) => `calls ${o}`),
      ...of(data, "feed-credits").map((s) => ({ label: `credits (${s.outcome})`, values: s.points.map((p) => p.sum) })),
    ],
  },
];

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

const total = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const peak = (values: readonly number[]) => Math.max(0, ...values);
const last = (values: readonly number[]) => values.at(-1) ?? 0;
const SUMMARIES = { total, peak, last };

/**
 * One SVG line chart of `lines` over the span's buckets (oldest at the left; the last day's
 * unless told). The legend gives each line's total, peak, or last value (a balance).
 */
export function LineChart({
  title,
  unit,
  lines,
  summary = "total",
  span = LAST_DAY,
}: {
  title: string;
  unit: string;
  lines: ChartLine[];
  summary?: keyof typeof SUMMARIES;
  span?: ChartSpan;
}) {
  const figure = SUMMARIES[summary];
  const shown = lines.slice(0, MAX_LINES);
  const top = niceMax(Math.max(0, ...shown.flatMap((l) => l.values)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number, n: number) => PAD.left + (n <= 1 ? innerW : (i / (n - 1)) * innerW);
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const described = shown.length === 0 ? "no data" : shown.map((l) => `${l.label} ${figure(l.values).toLocaleString("en-US")}`).join(", ");
  return (
    <figure className="health-chart">
      <figcaption>
        <span className="health-chart-title">{title}</span> <span className="admin-muted">{unit}</span>
      </figcaption>
      <span className="health-tick health-top">{top.toLocaleString("en-US")}</span>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${title} ${span.description}: ${described}`} preserveAspectRatio="none">
        <line className="health-axis" x1={PAD.left} y1={PAD.top + innerH} x2={W - PAD.right} y2={PAD.top + innerH} />
        <line className="health-grid" x1={PAD.left} y1={PAD.top} x2={W - PAD.right} y2={PAD.top} />
        {shown.map((line, index) => (
          <polyline
            key={line.label}
            className={`health-line health-line-${index}`}
            data-label={line.label}
            fill="none"
            points={line.values.map((v, i) => `${x(i, line.values.length).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}
          />
        ))}
      </svg>
      <div className="health-ticks" aria-hidden="true">
        <span className="health-tick">{span.start}</span>
        <span className="health-tick">{span.end}</span>
      </div>
      {shown.length === 0 ? (
        <p className="admin-muted">{span.empty}</p>
      ) : (
        <ul className="health-legend">
          {shown.map((line, index) => (
            <li key={line.label}>
              <span className={`health-swatch health-line-${index}`} aria-hidden="true" />
              {line.label}: <strong>{figure(line.values).toLocaleString("en-US")}</strong>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

/** Every chart of the Health view for one answer. */
export function HealthCharts({ data }: { data: HealthResponse }) {
  return (
    <div className="health-grid-charts">
      {HEALTH_CHARTS.map((chart) => (
        <LineChart key={chart.title} title={chart.title} unit={chart.unit} summary={chart.summary} lines={chart.lines(data)} />
      ))}
    </div>
  );
}
