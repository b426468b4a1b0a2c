// The social feature's calls. Leaderboards, profiles and shared picks are public and the
// same for everyone; the viewer's own rank is its own signed-in request. The public
// profile settings (handle, hidden, Vantage Cash results) are PATCH /api/me. Answers are
// parsed with the shared schemas.
import type { ApiClient } from "../../../lib/api-client";
import { UserDocumentSchema, type UserDocument } from "../../../shared/schemas/user";
import {
  FollowingResponseSchema,
  FollowStateSchema,
  LeaderboardRankResponseSchema,
  LeaderboardResponseSchema,
  PublicProfileSchema,
  ShareResponseSchema,
  SharedPickResponseSchema,
  type FollowState,
  type FollowingResponse,
  type LeaderboardQuery,
  type LeaderboardRankResponse,
  type LeaderboardResponse,
  type PublicProfile,
  type ShareResponse,
  type SharedPickResponse,
} from "../../../shared/schemas/social";

export function getLeaderboard(api: ApiClient, query: LeaderboardQuery): Promise<LeaderboardResponse> {
  return api.get("/social/leaderboard", LeaderboardResponseSchema, query);
}

export function getMyRank(api: ApiClient, query: LeaderboardQuery): Promise<LeaderboardRankResponse> {
  return api.get("/social/leaderboard/me", LeaderboardRankResponseSchema, query);
}

export type PublicProfileChange = { handle?: string | null; profileHidden?: boolean; showCashResults?: boolean };

export function updatePublicProfile(api: ApiClient, change: PublicProfileChange): Promise<UserDocument> {
  return api.patch("/me", UserDocumentSchema, change);
}

export function getProfile(api: ApiClient, handle: string): Promise<PublicProfile> {
  return api.get(`/public/profiles/${encodeURIComponent(handle)}`, PublicProfileSchema);
}

export function getSharedPick(api: ApiClient, shareId: string): Promise<SharedPickResponse> {
  return api.get(`/public/picks/${encodeURIComponent(shareId)}`, SharedPickResponseSchema);
}

export function sharePick(api: ApiClient, betId: string): Promise<ShareResponse> {
  return api.post(`/bets/${encodeURIComponent(betId)}/share`, ShareResponseSchema);
}

export function getFollowState(api: ApiClient, handle: string): Promise<FollowState> {
  return api.get(`/follows/${encodeURIComponent(handle)}`, FollowStateSchema);
}

export function setFollowing(api: ApiClient, handle: string, follow: boolean): Promise<FollowState> {
  return api.request(`/follows/${encodeURIComponent(handle)}`, FollowStateSchema, { method: follow ? "PUT" : "DELETE" });
}

export function getFollowing(api: ApiClient): Promise<FollowingResponse> {
  return api.get("/social/following", FollowingResponseSchema);
}
