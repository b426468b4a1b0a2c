// The player's session in the SPA. The access token lives only in memory; the Worker's
// HttpOnly refresh cookie is what survives a reload, so startup calls
// POST /api/auth/refresh — when the session hint cookie says there is a sign-in to
// refresh (src/shared/session-hint.ts); a signed-out visit asks nothing. The token lifecycle follows spec §4/§9 (token-lifecycle.ts):
// expired 30 s early, refreshed 5 minutes before expiry, retried with back-off after
// network failures. Refreshes are serialised across tabs with navigator.locks (and the
// Worker tolerates the immediately-previous token for a few seconds), so two tabs never
// log each other out; a logout in one tab is broadcast to the others.
// It lives in src/session/, the SPA's shared layer for what every screen knows about the
// player in this browser (this sign-in and its API client, the wallet, the betslip, the
// odds format): many features read it, and a feature never imports another feature or
// the app shell, so it cannot live in one of them. Session code imports only src/lib,
// src/components and src/shared; src/app/providers.tsx mounts the providers.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { ApiError, apiRequest, apiRequestParsed, createApiClient, type ApiClient } from "../lib/api-client";
import { redirectTo } from "../lib/browser-navigation";
import type { SessionResponse } from "../shared/schemas/session";
import type { UserDocument } from "../shared/schemas/user";
import { hasSessionHint, SESSION_HINT_COOKIE } from "../shared/session-hint";
import { signInStartUrl } from "./sign-in-url";
import { isTokenExpired, proactiveRefreshDelayMs, refreshBackoffMs } from "./token-lifecycle";
import { clearStoredUsername, storeUsername } from "./username";

export type AuthStatus = "loading" | "signed-in" | "signed-out";

export type AuthContextValue = {
  status: AuthStatus;
  user: UserDocument | null;
  getAccessToken(): Promise<string | null>;
  /**
   * Leaves for the Google (or development) sign-in; comes back to `from` (path + query).
   * `reauth`: Google authenticates the person again (an operator's step-up).
   */
  signIn(from?: string, options?: { reauth?: boolean }): void;
  signOut(): Promise<void>;
  /** Merge fresh fields (e.g. a new username or live balances) into the user. */
  updateUser(patch: Partial<UserDocument>): void;
  api: ApiClient;
};

/** The session answer's schema, loaded beside the startup refresh (zod stays out of the initial bundle). */
const sessionSchema = async () => (await import("../shared/schemas/session")).SessionResponseSchema;

export const REFRESH_LOCK_NAME = "vantage.auth.refresh";

/** Drops a hint the server no longer backs (its own Set-Cookie clears it too). */
function clearSessionHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the session hint is a plain readable cookie, and the Cookie Store API is not in every browser this supports
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/`;
}
export const AUTH_CHANNEL_NAME = "vantage.auth";

type AuthMessage = { type: "signed-out" } | { type: "signed-in" };

const AuthContext = createContext<AuthContextValue | null>(null);

/** Runs `fn` while holding the cross-tab refresh lock, when the browser has one. */
async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks || typeof locks.request !== "function") return fn();
  return locks.request(REFRESH_LOCK_NAME, fn);
}

function currentPathAndQuery(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** The session engine: plain closures over refs, created once per provider. */
function createSessionEngine(set: {
  status(status: AuthStatus): void;
  user(user: UserDocument | null | ((prev: UserDocument | null) => UserDocument | null)): void;
}) {
  let session: { accessToken: string; expiresAt: number } | null = null;
  let status: AuthStatus = "loading";
  let inflight: Promise<string | null> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let backoffAttempt = 0;
  let channel: BroadcastChannel | null = null;
  let running = false;

  const setStatus = (next: AuthStatus) => {
    status = next;
    set.status(next);
  };
  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const schedule = (delayMs: number) => {
    clearTimer();
    if (!running) return;
    timer = setTimeout(() => void refresh(), delayMs);
  };
  const broadcast = (message: AuthMessage) => channel?.postMessage(message);

  const becomeSignedOut = () => {
    clearTimer();
    session = null;
    set.user(null);
    setStatus("signed-out");
  };

  const applySession = (body: SessionResponse) => {
    const wasSignedIn = status === "signed-in";
    backoffAttempt = 0;
    session = { accessToken: body.accessToken, expiresAt: body.expiresAt };
    set.user(body.user);
    setStatus("signed-in");
    schedule(proactiveRefreshDelayMs(body.expiresAt, Date.now()));
    if (!wasSignedIn) broadcast({ type: "signed-in" });
  };

  const refresh = (): Promise<string | null> => {
    inflight ??= (async () => {
      try {
        const body = await withRefreshLock(() => apiRequestParsed("/auth/refresh", sessionSchema, { method: "POST", body: {} }));
        applySession(body);
        return body.accessToken;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          clearSessionHint();
          becomeSignedOut();
          return null;
        }
        // Network failure, timeout or a server hiccup: keep what we know (a reload keeps
        // the player) and try again later with back-off.
        schedule(refreshBackoffMs(backoffAttempt++));
        return session && !isTokenExpired(session.expiresAt, Date.now()) ? session.accessToken : null;
      } finally {
        inflight = null;
      }
    })();
    return inflight;
  };

  const getAccessToken = async (): Promise<string | null> => {
    if (session && !isTokenExpired(session.expiresAt, Date.now())) return session.accessToken;
    if (status === "signed-out") return null;
    return refresh();
  };

  const signOut = async () => {
    clearTimer();
    session = null;
    try {
      await apiRequest("/auth/logout", { method: "POST", body: {} });
    } catch {
      // The local sign-out still happens; the refresh token expires on its own.
    }
    clearStoredUsername();
    clearSessionHint();
    becomeSignedOut();
    broadcast({ type: "signed-out" });
  };

  const start = () => {
    running = true;
    if (typeof BroadcastChannel !== "undefined") {
      channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
      channel.onmessage = (event: MessageEvent<AuthMessage>) => {
        if (event.data?.type === "signed-out") {
          clearStoredUsername();
          becomeSignedOut();
        } else if (event.data?.type === "signed-in" && status !== "signed-in") {
          void refresh();
        }
      };
    }
    // Signed out on this browser (no hint cookie): nothing to ask the server.
    if (hasSessionHint(document.cookie)) void refresh();
    else becomeSignedOut();
  };

  const stop = () => {
    running = false;
    clearTimer();
    channel?.close();
    channel = null;
  };

  return { start, stop, refresh, getAccessToken, signOut };
}

/** How long sign-out waits for `beforeSignOut` before it goes on regardless. */
const BEFORE_SIGN_OUT_MS = 3_000;

/**
 * `beforeSignOut`: what the app must undo while the sign-in still holds (this browser's
 * alerts), run first by signOut; sign-out goes on whatever it does.
 */
export function AuthProvider({ children, beforeSignOut }: { children: ReactNode; beforeSignOut?: (api: ApiClient) => Promise<void> }) {
  const [status, setStatus] = useState<AuthStatus>("loading");
  const [user, setUser] = useState<UserDocument | null>(null);
  const engineRef = useRef<ReturnType<typeof createSessionEngine> | null>(null);
  engineRef.current ??= createSessionEngine({ status: setStatus, user: setUser });
  const engine = engineRef.current;

  useEffect(() => {
    engine.start();
    return engine.stop;
  }, [engine]);

  // Spec §4: on every auth change the username is stored on the device.
  useEffect(() => {
    if (user) storeUsername(user);
  }, [user]);

  const api = useMemo(() => createApiClient(engine.getAccessToken, { onUnauthorized: engine.refresh }), [engine]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      getAccessToken: engine.getAccessToken,
      signIn: (from?: string, options?: { reauth?: boolean }) =>
        redirectTo(signInStartUrl(from ?? currentPathAndQuery(), options?.reauth === true)),
      signOut: async () => {
        // Never held up for long: sign-out itself must happen, on a shared device above all.
        const undo = beforeSignOut?.(api).catch(() => undefined);
        await Promise.race([undo, new Promise((resolve) => setTimeout(resolve, BEFORE_SIGN_OUT_MS))]);
        await engine.signOut();
      },
      updateUser: (patch) => setUser((prev) => (prev ? { ...prev, ...patch } : prev)),
      api,
    }),
    [status, user, engine, api, beforeSignOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth outside AuthProvider");
  return value;
}

export function useApi(): ApiClient {
  return useAuth().api;
}
