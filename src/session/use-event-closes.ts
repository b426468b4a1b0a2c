// The closing fair prices of games, for My Picks and the Statistics card to show each
// pick's closing-line value (src/shared/clv.ts): read from GET /api/closes. Every pick card
// asks for its own games; the asks of one render are gathered into one request (50 games
// at most each), and an answer is kept for the page's life per API client. A game without
// a close yet (not started, or started moments ago) is asked again after a while, since
// its close is captured when the price desk first sees it started.
// Part of src/session/, the state every screen shares (see auth-provider.tsx): features read it here.
import { useEffect, useMemo, useSyncExternalStore } from "react";
import type { ApiClient } from "../lib/api-client";
import type { EventCloses } from "../shared/clv";
import { useApi, useAuth } from "./auth-provider";

/** The answer's schema loads with the first request (the Statistics card is on the first page). */
const closesSchema = async () => (await import("../shared/schemas/clv")).ClosesResponseSchema;

/** Games one request asks for (CLOSES_MAX_EVENTS). */
const PER_REQUEST = 50;
/** A game without a close is asked again no sooner than this. */
const ASK_AGAIN_MS = 60_000;

type Known = { closes: EventCloses | null; at: number };

type Store = {
  known: Map<string, Known>;
  asking: Set<string>;
  queued: Set<string>;
  listeners: Set<() => void>;
  version: number;
};

const stores = new WeakMap<ApiClient, Store>();

function storeOf(api: ApiClient): Store {
  let store = stores.get(api);
  if (!store) {
    store = { known: new Map(), asking: new Set(), queued: new Set(), listeners: new Set(), version: 0 };
    stores.set(api, store);
  }
  return store;
}

function changed(store: Store): void {
  store.version += 1;
  for (const listener of store.listeners) listener();
}

async function flush(api: ApiClient, store: Store): Promise<void> {
  const ids = [...store.queued];
  store.queued.clear();
  let found = false;
  for (let i = 0; i < ids.length; i += PER_REQUEST) {
    const chunk = ids.slice(i, i + PER_REQUEST);
    for (const id of chunk) store.asking.add(id);
    try {
      const answer = await api.get("/closes", closesSchema, { eventIds: chunk.join(",") });
      const answered = new Map(answer.closes.map((c) => [c.eventId, c]));
      const at = Date.now();
      for (const id of chunk) store.known.set(id, { closes: answered.get(id) ?? null, at });
      found ||= answered.size > 0;
    } catch {
      // Unanswered: asked again on the next render that needs it.
    } finally {
      for (const id of chunk) store.asking.delete(id);
    }
  }
  // Only a close found changes what a card shows.
  if (found) changed(store);
}

function ask(api: ApiClient, store: Store, eventIds: readonly string[]): void {
  const now = Date.now();
  let added = false;
  for (const id of eventIds) {
    const known = store.known.get(id);
    const due = !known || (known.closes === null && now - known.at >= ASK_AGAIN_MS);
    if (due && !store.asking.has(id) && !store.queued.has(id)) {
      store.queued.add(id);
      added = true;
    }
  }
  // Gathered: every card of one render queues its games before the one request leaves.
  if (added && store.queued.size > 0) setTimeout(() => void flush(api, store), 0);
}

/** The closes known for these games (absent until answered, or when a game has none yet). */
export function useEventCloses(eventIds: readonly string[]): ReadonlyMap<string, EventCloses> {
  const api = useApi();
  const { status } = useAuth();
  const store = storeOf(api);
  const key = [...new Set(eventIds)].sort().join(",");
  const version = useSyncExternalStore(
    (listener) => {
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    () => store.version,
  );
  useEffect(() => {
    if (status === "signed-in" && key) ask(api, store, key.split(","));
  }, [api, store, key, status]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is what changes when answers land
  return useMemo(() => {
    const found = new Map<string, EventCloses>();
    for (const id of key ? key.split(",") : []) {
      const closes = store.known.get(id)?.closes;
      if (closes) found.set(id, closes);
    }
    return found;
  }, [store, key, version]);
}
