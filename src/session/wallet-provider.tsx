// The player's wallet in the SPA: which wallet bets and lists use (Coins or Vantage Cash;
// default Coins, saved on the device under `vantage.walletMode`), the balances (seeded
// from the signed-in user, then kept live), and bet documents as the server pushes them.
// One WebSocket per tab to GET /api/live (held by the player's wallet Durable Object)
// delivers every balance change and changed bet (each message parsed with the shared
// LiveMessage schema), so two open tabs stay in step; it reconnects with back-off and
// tells `onResync` listeners after every reconnect, so lists fetched from the API read
// again what they may have missed.
// Part of src/session/, the state every screen shares (see auth-provider.tsx): features read it here.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { LIVE_PROTOCOL, LIVE_TOKEN_PREFIX } from "../shared/live-protocol";
import type { WalletKind } from "../shared/money";
import type { BetDocument, PlaceBetResponse } from "../shared/schemas/bets";
import type { WalletBalances } from "../shared/schemas/user";
import { useAuth } from "./auth-provider";

export const WALLET_MODE_KEY = "vantage.walletMode";
/** Reconnect back-off: 1 s doubling to 30 s; reset once a connection delivers a message. */
export const LIVE_RETRY_BASE_MS = 1_000;
export const LIVE_RETRY_MAX_MS = 30_000;
/** Keep-alive ping; the wallet answers it without waking up. */
export const LIVE_PING_MS = 30_000;

/** The live messages' schema (src/shared/schemas/bets.ts), loaded after sign-in: zod stays out of the initial bundle. */
const liveMessageSchema = async () => (await import("../shared/schemas/bets")).LiveMessageSchema;

export type LiveStatus = "idle" | "connecting" | "open" | "closed";

export type WalletContextValue = {
  mode: WalletKind;
  setMode(mode: WalletKind): void;
  balances: WalletBalances | null;
  /** Bets pushed live (or returned by a placement) this session, by id. */
  liveBets: ReadonlyMap<string, BetDocument>;
  /** Calls `listener` after every reconnect (lists fetched from the API read again then); returns the unsubscribe. */
  onResync(listener: () => void): () => void;
  liveStatus: LiveStatus;
  /** Applies a successful placement at once (the socket confirms it moments later). */
  applyPlacement(response: PlaceBetResponse): void;
  /** Applies balances another API call just answered (claim, redemption, checkout). */
  applyBalances(balances: WalletBalances): void;
};

const WalletContext = createContext<WalletContextValue>({
  mode: "coins",
  setMode: () => undefined,
  balances: null,
  liveBets: new Map(),
  onResync: () => () => undefined,
  liveStatus: "idle",
  applyPlacement: () => undefined,
  applyBalances: () => undefined,
});

function readMode(): WalletKind {
  try {
    return localStorage.getItem(WALLET_MODE_KEY) === "cash" ? "cash" : "coins";
  } catch {
    return "coins";
  }
}

export function liveUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/live`;
}

export function liveRetryDelayMs(attempt: number): number {
  return Math.min(LIVE_RETRY_MAX_MS, LIVE_RETRY_BASE_MS * 2 ** Math.min(attempt, 10));
}

function balancesOf(user: WalletBalances | null): WalletBalances | null {
  if (!user) return null;
  const { coinBalance, vantageCash, lastBonusDayET, bonusStreak, owedCoins, owedCash } = user;
  return { coinBalance, vantageCash, lastBonusDayET, bonusStreak, owedCoins, owedCash };
}

function mergeBets(current: ReadonlyMap<string, BetDocument>, bets: readonly BetDocument[]): Map<string, BetDocument> {
  const next = new Map(current);
  for (const bet of bets) {
    const known = next.get(bet.id);
    // A settled document never gives way to an older open one arriving late.
    if (known && known.status === "settled" && bet.status === "open") continue;
    next.set(bet.id, bet);
  }
  return next;
}

export function WalletProvider({ children }: { children: ReactNode }) {
  const { status, user, getAccessToken, updateUser } = useAuth();
  const [mode, setModeState] = useState<WalletKind>(readMode);
  const [liveBalances, setLiveBalances] = useState<WalletBalances | null>(null);
  const [liveBets, setLiveBets] = useState<ReadonlyMap<string, BetDocument>>(() => new Map());
  const resyncListeners = useRef(new Set<() => void>());
  const [liveStatus, setLiveStatus] = useState<LiveStatus>("idle");
  const updateUserRef = useRef(updateUser);
  updateUserRef.current = updateUser;
  const getTokenRef = useRef(getAccessToken);
  getTokenRef.current = getAccessToken;

  const setMode = useCallback((next: WalletKind) => {
    setModeState(next);
    try {
      localStorage.setItem(WALLET_MODE_KEY, next);
    } catch {
      // Storage unavailable (private mode): the choice lasts for this tab only.
    }
  }, []);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === WALLET_MODE_KEY) setModeState(readMode());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const onResync = useCallback((listener: () => void) => {
    const listeners = resyncListeners.current;
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);

  const applyBalances = useCallback((balances: WalletBalances) => {
    setLiveBalances(balances);
    updateUserRef.current(balances);
  }, []);

  const applyPlacement = useCallback(
    (response: PlaceBetResponse) => {
      applyBalances(response.balances);
      setLiveBets((current) => mergeBets(current, response.bets));
    },
    [applyBalances],
  );

  const userId = user?.uid ?? null;
  useEffect(() => {
    setLiveBalances(null);
    setLiveBets(new Map());
    if (status !== "signed-in" || !userId || typeof WebSocket === "undefined") {
      setLiveStatus("idle");
      return;
    }
    let stopped = false;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let connections = 0;
    let retryTimer: ReturnType<typeof setTimeout> | null = null;
    let pingTimer: ReturnType<typeof setInterval> | null = null;

    // Messages are read with the shared schema, loaded once per sign-in; any that arrive
    // before it has loaded wait for it, so every message applies in the order it came.
    let schema: Awaited<ReturnType<typeof liveMessageSchema>> | null = null;
    const early: unknown[] = [];
    const receive = (raw: unknown) => {
      if (!schema) {
        early.push(raw);
        return;
      }
      const parsed = schema.safeParse(raw);
      if (stopped || !parsed.success) return;
      const message = parsed.data;
      if (message.type === "balances") applyBalances(message.balances);
      else setLiveBets((current) => mergeBets(current, message.bets));
    };
    liveMessageSchema().then(
      (loaded) => {
        schema = loaded;
        for (const raw of early.splice(0)) receive(raw);
      },
      () => undefined, // its chunk did not load: nothing can be read from the socket
    );

    const scheduleReconnect = () => {
      if (stopped || retryTimer !== null) return;
      setLiveStatus("closed");
      retryTimer = setTimeout(() => {
        retryTimer = null;
        void connect();
      }, liveRetryDelayMs(attempt++));
    };

    const connect = async () => {
      if (stopped) return;
      setLiveStatus("connecting");
      const token = await getTokenRef.current();
      if (stopped) return;
      if (!token) return scheduleReconnect();
      const ws = new WebSocket(liveUrl(window.location), [LIVE_PROTOCOL, `${LIVE_TOKEN_PREFIX}${token}`]);
      socket = ws;
      ws.onopen = () => {
        setLiveStatus("open");
        connections += 1;
        if (connections > 1) for (const listener of resyncListeners.current) listener();
        pingTimer = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), LIVE_PING_MS);
      };
      ws.onmessage = (event: MessageEvent) => {
        if (typeof event.data !== "string" || event.data === "pong") return;
        attempt = 0;
        let raw: unknown;
        try {
          raw = JSON.parse(event.data);
        } catch {
          return;
        }
        receive(raw);
      };
      ws.onclose = () => {
        if (pingTimer !== null) clearInterval(pingTimer);
        pingTimer = null;
        if (socket === ws) socket = null;
        scheduleReconnect();
      };
    };

    const wake = () => {
      if (document.visibilityState !== "visible" || socket || stopped) return;
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      void connect();
    };
    document.addEventListener("visibilitychange", wake);
    window.addEventListener("online", wake);
    void connect();
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", wake);
      window.removeEventListener("online", wake);
      if (retryTimer !== null) clearTimeout(retryTimer);
      if (pingTimer !== null) clearInterval(pingTimer);
      socket?.close(1000, "signed out");
      socket = null;
    };
  }, [status, userId, applyBalances]);

  const seeded = useMemo(() => balancesOf(user), [user]);
  const balances = liveBalances ?? seeded;
  const value = useMemo<WalletContextValue>(
    () => ({ mode, setMode, balances, liveBets, onResync, liveStatus, applyPlacement, applyBalances }),
    [mode, setMode, balances, liveBets, onResync, liveStatus, applyPlacement, applyBalances],
  );
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}

export function useWallet(): WalletContextValue {
  return useContext(WalletContext);
}

/** The balance of one wallet in minor units (Coins, or Vantage Cash cents), or null. */
export function balanceOf(balances: WalletBalances | null, wallet: WalletKind): number | null {
  if (!balances) return null;
  return wallet === "coins" ? balances.coinBalance : balances.vantageCash;
}
