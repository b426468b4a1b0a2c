// The calls of responsible play's second step (/api/play): loss and time limits, reality
// checks, nudges and My statement. Each answer is parsed with its shared schema.
import type { ApiClient } from "../../../lib/api-client";
import type { RealityCheckAnswer } from "../../../shared/play-time";
import type { PlayLimitsRequest, PlayView, Statement } from "../../../shared/schemas/play";

const playViewSchema = async () => (await import("../../../shared/schemas/play")).PlayViewSchema;
const statementSchema = async () => (await import("../../../shared/schemas/play")).StatementSchema;

export function fetchPlay(api: ApiClient): Promise<PlayView> {
  return api.get("/play", playViewSchema);
}

export function setPlayLimits(api: ApiClient, limits: PlayLimitsRequest): Promise<PlayView> {
  return api.request("/play/limits", playViewSchema, { method: "PUT", body: limits });
}

export function answerRealityCheck(api: ApiClient, answer: RealityCheckAnswer): Promise<PlayView> {
  return api.post("/play/reality-check", playViewSchema, { answer });
}

export function dismissNudges(api: ApiClient, ids: string[]): Promise<PlayView> {
  return api.post("/play/nudges/seen", playViewSchema, { ids });
}

export function fetchStatement(api: ApiClient): Promise<Statement> {
  return api.get("/play/statement", statementSchema);
}
