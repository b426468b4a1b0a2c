// The console's Health tab: the last 24 hours of metrics drawn as SVG line charts from a
// fixture answer of GET /api/admin/health — placements placed and refused, latency,
// price-changed and suspended refusals, failures, webhooks, settlement and its lag,
// payouts and the feed — each with its legend totals; a tab whose metrics cannot be read
// says the server's sentence and offers a retry.
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HealthCharts } from "../../src/features/admin/components/health-charts";
import type { HealthResponse, HealthSeries } from "../../src/shared/schemas/health";
import { fakeApi, jsonResponse, renderApp, sessionBody, userDoc } from "./app-helpers";

afterEach(() => {
  vi.unstubAllGlobals();
});

const BUCKET = 15 * 60 * 1000;
const TO = Date.parse("2026-11-25T12:00:00Z");
const FROM = TO - 24 * 60 * 60 * 1000 + BUCKET;

/** A series with `counts` in its last buckets (the rest zero), each event worth `value`. */
function series(metric: HealthSeries["metric"], outcome: string, counts: number[], value = 0): HealthSeries {
  const points = Array.from({ length: 96 }, (_, i) => {
    const count = counts[i - (96 - counts.length)] ?? 0;
    return { at: FROM + i * BUCKET, count, sum: count * value, max: count > 0 ? value * 2 : 0 };
  });
  return { metric, outcome, points };
}

const FIXTURE: HealthResponse = {
  from: FROM,
  to: TO,
  bucketMs: BUCKET,
  source: "embedded",
  series: [
    series("placement", "ok", [10, 40, 120], 50),
    series("placement", "price-changed", [1, 3, 2], 30),
    series("placement", "market-suspended", [0, 1, 0], 30),
    series("wallet-failure", "settlement", [0, 2, 0]),
    series("webhook", "200", [4, 4, 4], 20),
    series("settlement", "settled", [0, 300, 700]),
    series("settlement-lag", "settled", [0, 300, 700], 1500),
    series("payout", "paid", [1, 0, 2], 2500),
    series("feed-call", "ok", [8, 8, 8]),
    series("feed-credits", "the-odds-api", [8, 8, 8], 3),
  ],
};

const chart = (title: string) => screen.getByText(title).closest("figure")!;

describe("the Health charts", () => {
  it("draws one SVG line chart per question, a line per series over every bucket of the day", () => {
    render(<HealthCharts data={FIXTURE} />);
    const figures = document.querySelectorAll("figure.health-chart");
    expect(figures).toHaveLength(9);
    const placements = chart("Placements");
    const lines = placements.querySelectorAll("polyline");
    expect([...lines].map((l) => l.getAttribute("data-label"))).toEqual(["placed", "refused"]);
    expect(lines[0]!.getAttribute("points")!.split(" ")).toHaveLength(96);
    expect(within(placements).getByText("170")).toBeTruthy(); // 10 + 40 + 120 placed
    expect(within(placements).getByText("7")).toBeTruthy(); // 6 price-changed + 1 suspended
    expect(placements.querySelector("svg")!.getAttribute("aria-label")).toBe("Placements over the last 24 hours: placed 170, refused 7");
  });

  it("puts the busiest bucket at the top of its scale and the line's last point there", () => {
    render(<HealthCharts data={FIXTURE} />);
    const svg = chart("Placements").querySelector("svg")!;
    expect(within(chart("Placements")).getByText("200")).toBeTruthy(); // 120 rounds up to a 200 scale
    const last = svg.querySelector("polyline")!.getAttribute("points")!.split(" ").at(-1)!;
    const [, y] = last.split(",").map(Number);
    expect(y).toBeCloseTo(4 + 132 - (120 / 200) * 132, 0);
  });

  it("shows latency as average and slowest, refusals by code, failures, settlement lag in seconds, payouts and the feed", () => {
    render(<HealthCharts data={FIXTURE} />);
    const latency = chart("Placement latency");
    expect([...latency.querySelectorAll("polyline")].map((l) => l.getAttribute("data-label"))).toEqual(["average", "slowest"]);
    const refusals = chart("Price changed and suspended refusals");
    expect(within(refusals).getByText(/price-changed/)).toBeTruthy();
    expect(within(refusals).getByText(/market-suspended/)).toBeTruthy();
    expect(chart("Failures").querySelector("svg")!.getAttribute("aria-label")).toContain("wallet calls 2");
    expect(chart("Settlement lag").querySelector("svg")!.getAttribute("aria-label")).toContain("slowest message 3");
    expect(within(chart("Payouts")).getByText(/paid/)).toBeTruthy();
    expect(chart("Odds feed").querySelector("svg")!.getAttribute("aria-label")).toBe(
      "Odds feed over the last 24 hours: calls ok 24, credits (the-odds-api) 72",
    );
    expect(within(chart("Stripe webhooks")).getByText(/HTTP 200/)).toBeTruthy();
  });

  it("says so when a chart has nothing in the last day", () => {
    render(<HealthCharts data={{ ...FIXTURE, series: [] }} />);
    expect(screen.getAllByText("Nothing recorded in the last 24 hours.")).toHaveLength(9);
  });
});

describe("the Health tab", () => {
  const operator = userDoc({ uid: "op-1", email: "admin@vantage.test", displayName: "Admin", isAdmin: true });

  it("loads the last day from the API and draws it", async () => {
    fakeApi(({ path }) => {
      if (path === "/api/auth/refresh") return jsonResponse(200, sessionBody(operator));
      if (path === "/api/admin/health") return jsonResponse(200, FIXTURE);
      return undefined;
    });
    renderApp("/admin?tab=health");
    expect(await screen.findByText("Placement latency")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Health", selected: true })).toBeTruthy();
    expect(screen.getByText(/from the embedded development store/)).toBeTruthy();
  });

  it("shows the server's sentence with a retry when metrics cannot be read", async () => {
    fakeApi(({ path }) => {
      if (path === "/api/auth/refresh") return jsonResponse(200, sessionBody(operator));
      if (path === "/api/admin/health")
        return jsonResponse(503, {
          error: { code: "not-configured", message: "Metrics are not configured: set METRICS_ACCOUNT_ID and METRICS_API_TOKEN." },
        });
      return undefined;
    });
    renderApp("/admin?tab=health");
    expect(await screen.findByText("Metrics are not configured: set METRICS_ACCOUNT_ID and METRICS_API_TOKEN.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });
});
