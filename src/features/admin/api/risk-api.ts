// The console's Risk calls (GET /api/admin/risk…, POST …/suspend): the games the house has
// bets on, one game's exposure read live, and a market suspended or resumed. Answers are
// parsed with the shared schemas (src/shared/schemas/risk.ts).
import type { ApiClient } from "../../../lib/api-client";
import { GameExposureViewSchema, RiskListSchema, type SuspendMarketRequest } from "../../../shared/schemas/risk";

const gamePath = (sport: string, eventId: string) => `/admin/risk/${encodeURIComponent(sport)}/${encodeURIComponent(eventId)}`;

export const fetchRiskList = (api: ApiClient) => api.get("/admin/risk", RiskListSchema);
export const fetchGameExposure = (api: ApiClient, sport: string, eventId: string) =>
  api.get(gamePath(sport, eventId), GameExposureViewSchema);
export const suspendMarket = (api: ApiClient, sport: string, eventId: string, body: SuspendMarketRequest) =>
  api.post(`${gamePath(sport, eventId)}/suspend`, GameExposureViewSchema, body);

/** The Risk list as CSV, for the console to save. */
export const fetchRiskCsv = (api: ApiClient) =>
  api.get(
    "/admin/risk",
    {
      parse(body: unknown): string {
        if (typeof body !== "string") throw new Error("The server did not answer CSV.");
        return body;
      },
    },
    { format: "csv" },
  );
