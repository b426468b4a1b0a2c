// The operator console's calls, all under /api/admin. Every non-operator gets 404 from
// these, which the console shows as the not-found page. Money actions carry the
// operator's reason; an adjustment carries its own id so a retried click moves money once.
// An adjustment or a result that must wait for a second operator answers its request
// instead (202), which the approvals calls list and decide.
// Requests and answers are the shared contract (src/shared/schemas/operator-*.ts): every
// answer is parsed with its schema, and this folder declares no types of its own.
import type { ApiClient } from "../../../lib/api-client";
import { HealthResponseSchema } from "../../../shared/schemas/health";
import { HouseHoldSchema, HouseLiabilitySchema } from "../../../shared/schemas/house";
import { ReconciliationAnswerSchema, type ReconciliationView, RunReconciliationAnswerSchema } from "../../../shared/schemas/reconciliation";
import type { z } from "zod";
import type {
  AdjustmentRequest,
  PropPlayerNameRequest,
  RegionRuleEntrySchema,
  ResultRequest,
  StatsRequest,
} from "../../../shared/schemas/operator-actions";
import { HarmNoteAnswerSchema, PlayerPlayViewSchema } from "../../../shared/schemas/play";
import {
  AdjustmentReplySchema,
  ApprovalAnswerSchema,
  ApprovalListSchema,
  AuditLogSchema,
  CorrectionReplySchema,
  DateOfBirthCorrectionAnswerSchema,
  DeadLetterReplayAnswerSchema,
  FeedViewSchema,
  FreezeAnswerSchema,
  LedgerCheckSchema,
  OperatorAccountAnswerSchema,
  PlayerDetailSchema,
  PlayerSearchSchema,
  PropPlayerNameReplySchema,
  PropPlayerNamesSchema,
  PropStatsViewSchema,
  RegionRulesViewSchema,
  ResultReplySchema,
  SettlementViewSchema,
  StatsReplySchema,
  type PlayerHit,
} from "../../../shared/schemas/operator-views";

const playerPath = (uid: string) => `/admin/players/${encodeURIComponent(uid)}`;

export const fetchFeed = (api: ApiClient) => api.get("/admin/feed", FeedViewSchema);
export const fetchHealth = (api: ApiClient) => api.get("/admin/health", HealthResponseSchema);
export const fetchHouseLiability = (api: ApiClient, days: number) => api.get("/admin/house/liability", HouseLiabilitySchema, { days });
export const fetchHouseHold = (api: ApiClient, days: number) => api.get("/admin/house/hold", HouseHoldSchema, { days });

/** A CSV answer arrives as text; anything else is not the download asked for. */
const CsvText = {
  parse(body: unknown): string {
    if (typeof body !== "string") throw new Error("The server did not answer CSV.");
    return body;
  },
};

/** A house view as CSV (the liability's daily history, or the hold rows), for the console to save. */
export const fetchHouseCsv = (api: ApiClient, view: "liability" | "hold", days: number) =>
  api.get(`/admin/house/${view}`, CsvText, { days, format: "csv" });
/** The recent reconciliation runs and one run's differences: the day's latest, else the newest. */
export const fetchReconciliation = (api: ApiClient, day?: string) => api.get("/admin/reconciliation", ReconciliationAnswerSchema, { day });
/** One view's differences of the day's latest run, as CSV for the console to save. */
export const fetchReconciliationCsv = (api: ApiClient, day: string, view: ReconciliationView) =>
  api.get("/admin/reconciliation", CsvText, { day, view, format: "csv" });
/** Reconciles an ended UTC day with the payment provider now (audited). */
export const runReconciliation = (api: ApiClient, day: string) =>
  api.post("/admin/reconciliation/run", RunReconciliationAnswerSchema, { day });
export const fetchSettlement = (api: ApiClient) => api.get("/admin/settlement", SettlementViewSchema);
export const fetchAudit = (api: ApiClient, target?: string) => api.get("/admin/audit", AuditLogSchema, { target, limit: 200 });

export async function searchPlayers(api: ApiClient, q: string): Promise<PlayerHit[]> {
  return (await api.get("/admin/players", PlayerSearchSchema, { q })).players;
}

export const fetchPlayer = (api: ApiClient, uid: string) => api.get(playerPath(uid), PlayerDetailSchema);

/** Freezes the player's account at once (audited). */
export function freezePlayer(api: ApiClient, uid: string, reason: string) {
  return api.post(`${playerPath(uid)}/freeze`, FreezeAnswerSchema, { reason });
}

/**
 * Asks a second operator to unfreeze the player's account, releasing its held payouts and play
 * (202: the request); the account stays frozen until it is approved.
 */
export function askUnfreeze(api: ApiClient, uid: string, reason: string) {
  return api.post(`${playerPath(uid)}/unfreeze`, ApprovalAnswerSchema, { reason });
}

/** Applied at once (`balances`), or a request waiting for a second operator (`request`). */
export function adjustBalance(api: ApiClient, uid: string, input: AdjustmentRequest & { idempotencyKey: string }) {
  return api.post(`${playerPath(uid)}/adjustments`, AdjustmentReplySchema, input);
}

/** Names the player's account as an operator's own (audited; never taken back). */
export function nameOperatorAccount(api: ApiClient, uid: string, operatorEmail: string, reason: string) {
  return api.post(`${playerPath(uid)}/operator-account`, OperatorAccountAnswerSchema, { operatorEmail, reason });
}

/**
 * Asks a second operator to clear one early fraud warning, so it no longer holds the player's
 * redemptions (202: the request).
 */
export function askFraudWarningClear(api: ApiClient, uid: string, warningId: string, reason: string) {
  return api.post(`${playerPath(uid)}/fraud-warnings/${encodeURIComponent(warningId)}/clear`, ApprovalAnswerSchema, { reason });
}

/** Corrects the confirmed date of birth (YYYY-MM-DD); a verified identity document is held to it. */
export function correctDateOfBirth(api: ApiClient, uid: string, dateOfBirth: string, reason: string) {
  return api.request(`${playerPath(uid)}/date-of-birth`, DateOfBirthCorrectionAnswerSchema, {
    method: "PUT",
    body: { dateOfBirth, reason },
  });
}

/**
 * Asks a second operator to start the player's identity check again, the old session retired and
 * the document and person they claimed released (202: the request); the check stays as it is until
 * it is approved.
 */
export function askIdentityReset(api: ApiClient, uid: string, reason: string) {
  return api.post(`${playerPath(uid)}/identity/reset`, ApprovalAnswerSchema, { reason });
}

/** Asks a second operator to release a bank account this player's payouts claimed (202: the request). */
export function askPayoutIdentityRelease(api: ApiClient, uid: string, fingerprint: string, reason: string) {
  return api.post(`${playerPath(uid)}/payout-identities/release`, ApprovalAnswerSchema, { fingerprint, reason });
}

/** The player's statement, signs of harm and operators' notes on them. */
export const fetchPlayerPlay = (api: ApiClient, uid: string) => api.get(`${playerPath(uid)}/play`, PlayerPlayViewSchema);

/** Notes a sign of harm and what was done about it (audited). */
export function noteHarmFlag(api: ApiClient, uid: string, input: { flag: string; action: string; note: string }) {
  return api.post(`${playerPath(uid)}/harm-flags`, HarmNoteAnswerSchema, input);
}

export const checkLedger = (api: ApiClient, uid: string) => api.post(`${playerPath(uid)}/ledger-check`, LedgerCheckSchema, {});

/**
 * Records a final score or a void, or (with `correction: true`) corrects a recorded score.
 * A final or correction of a started game the price desk has not confirmed answers a
 * request for a second operator.
 */
export function recordResult(
  api: ApiClient,
  eventId: string,
  input: Extract<ResultRequest, { correction: true }>,
): Promise<z.infer<typeof CorrectionReplySchema>>;
export function recordResult(
  api: ApiClient,
  eventId: string,
  input: Exclude<ResultRequest, { correction: true }>,
): Promise<z.infer<typeof ResultReplySchema>>;
export function recordResult(api: ApiClient, eventId: string, input: ResultRequest) {
  const path = `/admin/events/${encodeURIComponent(eventId)}/result`;
  return "correction" in input ? api.post(path, CorrectionReplySchema, input) : api.post(path, ResultReplySchema, input);
}

export const replayDeadLetter = (api: ApiClient, id: string, reason: string) =>
  api.post(`/admin/dead-letters/${encodeURIComponent(id)}/replay`, DeadLetterReplayAnswerSchema, { reason });

export const fetchApprovals = (api: ApiClient) => api.get("/admin/approvals", ApprovalListSchema, { status: "all", limit: 100 });

export function decideApproval(api: ApiClient, id: string, decision: "approve" | "reject", reason: string) {
  return api.post(`/admin/approvals/${encodeURIComponent(id)}/${decision}`, ApprovalAnswerSchema, { reason });
}

/** Records one received free-entry card by its request code and postmark day (YYYY-MM-DD): a request a second operator approves. */
export const recordFreeEntry = (api: ApiClient, card: { code: string; postmarkedOn: string; note: string }) =>
  api.post("/admin/free-entry", ApprovalAnswerSchema, card);

/** The region rules: the table Vantage ships and the entries operators added. */
export const fetchRegionRules = (api: ApiClient) => api.get("/admin/region-rules", RegionRulesViewSchema);

/** Asks for a new region rule entry; it waits for a second operator (202 with the request). */
export const requestRegionRule = (api: ApiClient, entry: z.input<typeof RegionRuleEntrySchema>, reason: string) =>
  api.post("/admin/region-rules", ApprovalAnswerSchema, { entry, reason });

/** A sport's corrections of the feed's player names for props. */
export const fetchPropPlayerNames = (api: ApiClient, sport: string) => api.get("/admin/prop-players", PropPlayerNamesSchema, { sport });

/**
 * Asks for a feed's spelling of a name to mean this player: a request a second operator
 * approves (202; the next props refresh after it uses the change), or, when the map says so
 * already, the sport's names unchanged.
 */
export const savePropPlayerName = (api: ApiClient, input: PropPlayerNameRequest) =>
  api.request("/admin/prop-players", PropPlayerNameReplySchema, { method: "PUT", body: input });

/** Asks for a correction to be forgotten (the spelling's slug is its player's id again): a request a second operator approves. */
export const removePropPlayerName = (api: ApiClient, sport: string, feedName: string, reason: string) =>
  api.request("/admin/prop-players", PropPlayerNameReplySchema, { method: "DELETE", query: { sport, feedName, reason } });

/** Final games whose props wait for statistics, and the box scores recorded lately. */
export const fetchPropStats = (api: ApiClient) => api.get("/admin/prop-stats", PropStatsViewSchema);

/**
 * Asks for a game's players' statistics (or their correction) to be recorded: a request a
 * second operator approves (202), or, for the statistics already recorded, the wallets driven again.
 */
export const requestStats = (api: ApiClient, eventId: string, input: StatsRequest) =>
  api.post(`/admin/events/${encodeURIComponent(eventId)}/stats`, StatsReplySchema, input);
