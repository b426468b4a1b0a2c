// The social feature's calls (issue #16). Leaderboards, profiles and shared picks are
// public: the client sends a token when it has one (the leaderboard then adds "me").
import type { ApiClient } from "../../../lib/api-client";
import type {
  FollowingResponse,
  LeaderboardQuery,
  LeaderboardResponse,
  PublicProfile,
  ShareResponse,
  SharedPickResponse,
} from "../../../shared/schemas/social";

export function getLeaderboard(api: ApiClient, query: LeaderboardQuery): Promise<LeaderboardResponse> {
  return api.get<LeaderboardResponse>("/social/leaderboard", query);
}

export function getProfile(api: ApiClient, handle: string): Promise<PublicProfile> {
  return api.get<PublicProfile>(`/public/profiles/${encodeURIComponent(handle)}`);
}

export function getSharedPick(api: ApiClient, shareId: string): Promise<SharedPickResponse> {
  return api.get<SharedPickResponse>(`/public/picks/${encodeURIComponent(shareId)}`);
}

export function sharePick(api: ApiClient, betId: string): Promise<ShareResponse> {
  return api.post<ShareResponse>(`/bets/${encodeURIComponent(betId)}/share`);
}

export type FollowState = { handle: string; following: boolean };

export function getFollowState(api: ApiClient, handle: string): Promise<FollowState> {
  return api.get<FollowState>(`/follows/${encodeURIComponent(handle)}`);
}

export function setFollowing(api: ApiClient, handle: string, follow: boolean): Promise<FollowState> {
  return api.request<FollowState>(`/follows/${encodeURIComponent(handle)}`, { method: follow ? "PUT" : "DELETE" });
}

export function getFollowing(api: ApiClient): Promise<FollowingResponse> {
  return api.get<FollowingResponse>("/social/following");
}
