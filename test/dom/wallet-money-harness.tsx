// Shared harness for the money components' DOM tests: a fake session (useAuth) whose
// API client is the real one over a scripted fetch, a fake wallet (useWallet), and a
// captured redirect. Each test scripts the server's answers per "METHOD /path".
import { vi } from "vitest";
import { createApiClient } from "../../src/lib/api-client";
import type { WalletKind } from "../../src/shared/money";
import type { UserDocument, WalletBalances } from "../../src/shared/schemas/user";
import { userDoc } from "./app-fake-api";

export type Reply = { status?: number; body?: unknown } | "network-error" | (() => Promise<Response>);

export const harness = {
  user: null as UserDocument | null,
  mode: "coins" as WalletKind,
  setMode: vi.fn<(mode: WalletKind) => void>(),
  updateUser: vi.fn<(patch: Partial<UserDocument>) => void>(),
  applyBalances: vi.fn<(balances: WalletBalances) => void>(),
  redirectTo: vi.fn<(url: string) => void>(),
  replies: new Map<string, Reply>(),
  requests: [] as { method: string; path: string; body: unknown; headers: Headers }[],
};

export function player(patch: Partial<UserDocument> = {}): UserDocument {
  return userDoc({ uid: "u1", ...patch });
}

export function resetHarness() {
  harness.user = null;
  harness.mode = "coins";
  harness.setMode.mockReset();
  harness.updateUser.mockReset();
  harness.applyBalances.mockReset();
  harness.redirectTo.mockReset();
  harness.replies.clear();
  harness.requests.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const method = init?.method ?? "GET";
      harness.requests.push({
        method,
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: new Headers(init?.headers),
      });
      const reply = harness.replies.get(`${method} ${url.pathname}`);
      if (reply === undefined)
        return new Response(JSON.stringify({ error: { code: "not-found", message: "No such API route." } }), { status: 404 });
      if (reply === "network-error") throw new TypeError("Failed to fetch");
      if (typeof reply === "function") return reply();
      return new Response(JSON.stringify(reply.body ?? {}), {
        status: reply.status ?? 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
}

export const fakeApi = createApiClient(async () => "test-token");

export function authValue() {
  return {
    status: harness.user ? ("signed-in" as const) : ("signed-out" as const),
    user: harness.user,
    getAccessToken: async () => "test-token",
    signIn: () => undefined,
    signOut: async () => undefined,
    updateUser: harness.updateUser,
    api: fakeApi,
  };
}

/** Like the real provider: balances seeded from the signed-in player. */
export function walletValue() {
  return { mode: harness.mode, setMode: harness.setMode, balances: harness.user, applyBalances: harness.applyBalances };
}
