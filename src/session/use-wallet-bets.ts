// One wallet's bet documents for My Picks and the Statistics card: fetched from
// GET /api/bets (newest first, page by page), merged with what the live socket pushes,
// and refetched after a reconnect, so both update without a reload.
// Part of src/session/, the state every screen shares (see auth-provider.tsx): features read it here.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { WalletKind } from "../shared/money";
import type { BetDocument, BetsPage } from "../shared/schemas/bets";
import { useApi, useAuth } from "./auth-provider";
import { useWallet } from "./wallet-provider";

/** The page schema loads beside the first request (the Statistics card is on the first page). */
const betsPageSchema = async () => (await import("../shared/schemas/bets")).BetsPageSchema;

/** Pages of 100 read at most (the most recent 1,000 bets). */
export const MAX_BET_PAGES = 10;

export type WalletBetsState = {
  status: "loading" | "ready" | "error";
  bets: BetDocument[];
  reload(): void;
};

function newestFirst(a: BetDocument, b: BetDocument): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export function useWalletBets(wallet: WalletKind): WalletBetsState {
  const api = useApi();
  const { status: authStatus } = useAuth();
  const { liveBets, onResync } = useWallet();
  const [fetched, setFetched] = useState<{ wallet: WalletKind; bets: BetDocument[] } | null>(null);
  const [failed, setFailed] = useState(false);
  // Numbers each read; an answer counts only while its read is the newest.
  const newest = useRef(0);

  const read = useCallback(() => {
    if (authStatus !== "signed-in") return;
    const id = ++newest.current;
    setFailed(false);
    (async () => {
      const all: BetDocument[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < MAX_BET_PAGES; page++) {
        const body: BetsPage = await api.get("/bets", betsPageSchema, { wallet, limit: 100, cursor });
        all.push(...body.bets);
        cursor = body.nextCursor;
        if (!cursor) break;
      }
      if (id === newest.current) setFetched({ wallet, bets: all });
    })().catch(() => {
      if (id === newest.current) setFailed(true);
    });
  }, [api, authStatus, wallet]);

  useEffect(() => {
    read();
    return () => {
      newest.current += 1;
    };
  }, [read]);
  // After the live socket reconnects, read again what it may have missed.
  useEffect(() => onResync(read), [onResync, read]);

  const bets = useMemo(() => {
    const byId = new Map<string, BetDocument>();
    if (fetched?.wallet === wallet) for (const bet of fetched.bets) byId.set(bet.id, bet);
    for (const bet of liveBets.values()) {
      if (bet.wallet !== wallet) continue;
      const known = byId.get(bet.id);
      if (known && known.status === "settled" && bet.status === "open") continue;
      byId.set(bet.id, bet);
    }
    return [...byId.values()].sort(newestFirst);
  }, [fetched, liveBets, wallet]);

  // A list already on screen stays there if a background refetch fails.
  const ready = fetched?.wallet === wallet;
  return { status: ready ? "ready" : failed ? "error" : "loading", bets, reload: read };
}
