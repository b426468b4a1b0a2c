// The operator console's calls (issue 15), all under /api/admin. Every non-operator gets
// 404 from these, which the console shows as the not-found page. Money actions carry the
// operator's reason; an adjustment carries its own id so a retried click moves money once.
import type { ApiClient } from "../../../lib/api-client";
import type { WalletKind } from "../../../shared/money";
import type { BetDocument } from "../../../shared/schemas/bets";
import type { Redemption } from "../../../shared/schemas/redemptions";
import type { RecentResult } from "../../../shared/schemas/operator-views";

export type FeedSport = {
  sport: string;
  provider: string;
  lastCallAt: number;
  lastStatus: number | null;
  lastError: string | null;
  requestsRemaining: number | null;
  requestsUsed: number | null;
  requestsLast: number | null;
};
export type FeedHour = { hour: number; calls: number; credits: number; errors: number };
export type FeedView = {
  provider: string | null;
  credits: { remaining: number | null; used: number | null; at: number } | null;
  creditGuard: { locked: false } | { locked: true; reason: string; remaining: number | null };
  reserve: number;
  live: { refreshSeconds: number; priceMaxAgeSeconds: number; state: "running" | "stopped" };
  spend: { thisHour: FeedHour | null; averagePerHour: number | null; hours: FeedHour[] };
  sports: FeedSport[];
  errors: { sport: string; at: number; status: number | null; error: string | null }[];
};

export type SettlementRun = {
  id: number;
  trigger: string;
  startedAt: number;
  finishedAt: number | null;
  drainedAt?: number | null;
  messagesEnqueued?: number;
  walletsSettled: number;
  walletErrors: number;
  legsGraded: number;
  betsSettled: number;
  pending: boolean;
  summary: string | null;
};
export type PastDueGame = {
  eventId: string;
  sport: string;
  home: string;
  away: string;
  startTime: number;
  dueAt: number;
  openLegs: number;
  players: number;
};
export type DeadLetter = {
  id: string;
  userId: string | null;
  reason: string;
  attempts: number;
  runId: number | null;
  receivedAt: number;
  replayedAt: number | null;
  replayedBy: string | null;
  replayCount: number;
};
export type SettlementView = {
  feedNow: number;
  runs: SettlementRun[];
  pastDue: PastDueGame[];
  recentResults: RecentResult[];
  /** Settlement on queues (issue 13): messages still to settle and letters that gave up. */
  waiting?: number;
  deadLetters?: DeadLetter[];
};

export type PlayerHit = { uid: string; email: string; displayName: string; handle: string | null };
export type LedgerRow = {
  seq: number;
  currency: WalletKind;
  amount: number;
  balanceAfter: number;
  reason: string;
  reference: string;
  createdAt: number;
};
export type PlayerDetail = {
  player: {
    uid: string;
    email: string;
    emailVerified: boolean;
    displayName: string;
    handle: string | null;
    createdAt: number;
    lastLoginAt: number;
  };
  balances: { coins: number; cash: number };
  owed: { coins: number; cash: number };
  redeemableCash: number;
  cashToPlay: number;
  redemptionPause: string | null;
  frozen: boolean;
  freeze: { frozen: boolean; reason: string | null; actor: string | null; updatedAt: number | null };
  protection: { dateOfBirth: string | null; breakUntil: number | null; closed: string | null };
  ledger: LedgerRow[];
  bets: BetDocument[];
  redemptions: Redemption[];
  disputes: { id: string; checkoutSessionId: string; status: string; open: boolean; createdAt: number; updatedAt: number }[];
  payoutIdentityRefusals: { id: number; ownerUserId: string; accountId: string; amountCents: number; createdAt: number }[];
};
export type LedgerCheck = { userId: string; ok: boolean; mismatches: string[] };
export type AuditEntry = {
  id: number;
  at: number;
  actor: string;
  action: string;
  target: string;
  reason: string;
  details: Record<string, unknown>;
};

export const fetchFeed = (api: ApiClient) => api.get<FeedView>("/admin/feed");
export const fetchSettlement = (api: ApiClient) => api.get<SettlementView>("/admin/settlement");
export const fetchAudit = (api: ApiClient, target?: string) => api.get<{ entries: AuditEntry[] }>("/admin/audit", { target, limit: 200 });

export async function searchPlayers(api: ApiClient, q: string): Promise<PlayerHit[]> {
  return (await api.get<{ players: PlayerHit[] }>("/admin/players", { q })).players;
}

export const fetchPlayer = (api: ApiClient, uid: string) => api.get<PlayerDetail>(`/admin/players/${encodeURIComponent(uid)}`);

export function setFrozen(api: ApiClient, uid: string, frozen: boolean, reason: string) {
  return api.post<{ frozen: boolean }>(`/admin/players/${encodeURIComponent(uid)}/${frozen ? "freeze" : "unfreeze"}`, { reason });
}

export function adjustBalance(
  api: ApiClient,
  uid: string,
  input: { wallet: WalletKind; amount: number; reason: string; adjustmentId: string },
) {
  return api.post<{ replayed: boolean }>(`/admin/players/${encodeURIComponent(uid)}/adjustments`, input);
}

export const checkLedger = (api: ApiClient, uid: string) =>
  api.post<LedgerCheck>(`/admin/players/${encodeURIComponent(uid)}/ledger-check`, {});

export type ResultInput = { homeScore: number; awayScore: number; reason: string; correction?: true } | { void: true; reason: string };

export const recordResult = (api: ApiClient, eventId: string, input: ResultInput) =>
  api.post<{ status: string }>(`/admin/events/${encodeURIComponent(eventId)}/result`, input);

export const replayDeadLetter = (api: ApiClient, id: string, reason: string) =>
  api.post<{ queued: boolean }>(`/admin/dead-letters/${encodeURIComponent(id)}/replay`, { reason });
