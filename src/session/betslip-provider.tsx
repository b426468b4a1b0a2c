// The betslip's state for the whole SPA: picks (toggled by board cards and the game page's
// player props with the shared rules of src/shared/betslip.ts, conflicts answered with a
// toast), the Singles/Parlay mode and the amount being typed. Saved on the device under
// `vantage.betslip`, so the slip survives a reload; prices can be refreshed from a 409
// `price-changed` answer (its prices in the slip's order). A pick keeps the game's score
// model it was picked with (same-game parlays are priced from it).
// The slip follows the prices the player is looking at: the board's game lines (followBoard)
// and the game page's player props (followProps), one way for both. A picked side whose
// price moves there takes the new price at once and remembers the one the player last saw,
// so the slip can show the move until the player confirms (acceptPrices); a side whose line
// moved, or that is shown locked, suspended or no longer offered, is locked, never pointed at
// another line; a game's new score model on the board replaces its picks' (its same-game
// block re-prices from it). Only what a read changed since it last showed a pick counts, so
// a stale read never undoes a 409's prices; a read leaves the picks it does not show alone.
// It also holds the receipt of the last placement until the player dismisses it, so the
// receipt outlasts the phone's slip sheet, which closes as the slip empties.
// Part of src/session/, the state every screen shares (see auth-provider.tsx): features read it here.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useToast } from "../components/toast";
import { labelAtLine, nextMode, propPickUid, togglePick, type BetslipMode, type BetslipPick } from "../shared/betslip";
import { americanToDecimal } from "../shared/odds";
import type { BetDocument, CurrentPickPrice } from "../shared/schemas/bets";
import type { Event } from "../shared/schemas/events";

/** What one confirmed slip placed, and the slip it came from (to bet it again). */
export type Placement = { bets: BetDocument[]; picks: BetslipPick[]; mode: BetslipMode; amount: string };

export const BETSLIP_KEY = "vantage.betslip";

/**
 * What a board offers now for a slip's pick on one of its games: the pick its price button
 * would add (price, line, fair chance), or null while that side is locked or not offered.
 */
export type BoardOffer = (event: Event, pick: BetslipPick) => BetslipPick | null;

/**
 * What the game page's player props offer now for a slip's prop pick on that game: the pick
 * its player's market and side would add there (price, line, fair chance), or null while that
 * side is locked or suspended, or the market is gone.
 */
export type PropOffer = (pick: BetslipPick) => BetslipPick | null;

export type BetslipContextValue = {
  picks: BetslipPick[];
  toggle(pick: BetslipPick): void;
  isSelected(uid: string): boolean;
  remove(uid: string): void;
  clear(): void;
  mode: BetslipMode;
  setMode(mode: BetslipMode): void;
  /** The amount as typed (digits and one point). */
  amount: string;
  setAmount(amount: string): void;
  /** Applies the server's current prices; returns how many picks changed or locked. */
  applyCurrentPrices(current: readonly CurrentPickPrice[]): number;
  /** uids of picks the server reported locked since they were added, or the board or props show locked or at another line. */
  lockedUids: ReadonlySet<string>;
  /** Follows a board's current prices for the slip's game-line picks on its games (see the header). */
  followBoard(events: readonly Event[], offerOf: BoardOffer): void;
  /** Follows one game's player props as its page shows them now, for the slip's prop picks on that game (see the header). */
  followProps(eventId: string, offerOf: PropOffer): void;
  /** uid → the price the player last saw, for each pick whose price moved since. */
  movedFrom: ReadonlyMap<string, number>;
  /** The player has seen the slip's current prices (confirming them): the moves are no longer shown. */
  acceptPrices(): void;
  /** The last placement's receipt while it is shown; null once dismissed. */
  receipt: Placement | null;
  showReceipt(placement: Placement): void;
  dismissReceipt(): void;
};

const noop = () => undefined;
const BetslipContext = createContext<BetslipContextValue>({
  picks: [],
  toggle: noop,
  isSelected: () => false,
  remove: noop,
  clear: noop,
  mode: "Singles",
  setMode: noop,
  amount: "",
  setAmount: noop,
  applyCurrentPrices: () => 0,
  lockedUids: new Set(),
  followBoard: noop,
  followProps: noop,
  movedFrom: new Map(),
  acceptPrices: noop,
  receipt: null,
  showReceipt: noop,
  dismissReceipt: noop,
});

type Stored = { picks: BetslipPick[]; mode: BetslipMode; amount: string };

/** A Prop pick's player and market as the slip stored it. */
function isPropLeg(value: unknown): boolean {
  if (!value || typeof value !== "object") return false;
  const leg = value as Record<string, unknown>;
  return ["playerId", "player", "marketKey", "label"].every((key) => typeof leg[key] === "string");
}

function isPick(value: unknown): value is BetslipPick {
  if (!value || typeof value !== "object") return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.uid === "string" &&
    typeof p.gameId === "string" &&
    typeof p.league === "string" &&
    ["Moneyline", "Spread", "Total", "Prop"].includes(p.market as string) &&
    ["Home", "Away", "Over", "Under", "Draw", "Yes"].includes(p.side as string) &&
    (p.market === "Prop" ? isPropLeg(p.prop) : p.prop === undefined) &&
    typeof p.label === "string" &&
    typeof p.priceAm === "number" &&
    (p.fairP === undefined || (typeof p.fairP === "number" && p.fairP > 0 && p.fairP < 1)) &&
    (p.line === null || typeof p.line === "number")
  );
}

/** A stored pick's game model, kept only when it still has the shape the board gave it (else the pick is kept without one). */
function withValidSameGame(pick: BetslipPick): BetslipPick {
  const sameGame = pick.sameGame as unknown;
  if (sameGame === undefined) return pick;
  const s = sameGame as { model?: { v?: unknown; sport?: unknown; params?: unknown }; margin?: unknown } | null;
  const valid =
    typeof s === "object" &&
    s !== null &&
    typeof s.margin === "number" &&
    typeof s.model === "object" &&
    s.model !== null &&
    typeof s.model.v === "number" &&
    s.model.sport === pick.league &&
    Array.isArray(s.model.params) &&
    s.model.params.length > 0 &&
    s.model.params.every((n) => typeof n === "number" && Number.isFinite(n));
  if (valid) return pick;
  const { sameGame: _dropped, ...rest } = pick;
  return rest;
}

/** Who locked a pick: the server's answer (until the next one), or the prices shown (until they offer the pick's line again). */
type LockedBy = "server" | "shown";

/** `map` without `keys`, the same map when it holds none of them. */
function without<V>(map: ReadonlyMap<string, V>, keys: readonly string[]): ReadonlyMap<string, V> {
  if (!keys.some((key) => map.has(key))) return map;
  const next = new Map(map);
  for (const key of keys) next.delete(key);
  return next;
}

/**
 * The prices the player last saw, after the slip went from `before` to `after`: a pick
 * re-priced at the same line remembers the price it had (its first, over several moves);
 * one back at that price has not moved.
 */
function noteMoves(
  seen: ReadonlyMap<string, number>,
  before: readonly BetslipPick[],
  after: readonly BetslipPick[],
): ReadonlyMap<string, number> {
  const next = new Map(seen);
  let moved = false;
  for (const pick of after) {
    const was = before.find((p) => p.uid === pick.uid);
    if (!was || was.line !== pick.line || was.priceAm === pick.priceAm) continue;
    moved = true;
    const from = seen.get(pick.uid) ?? was.priceAm;
    if (from === pick.priceAm) next.delete(pick.uid);
    else next.set(pick.uid, from);
  }
  return moved ? next : seen;
}

/** The pick carrying the game's model as the board has it now (none when the board has none). */
function withModel(pick: BetslipPick, sameGame: Event["sameGame"]): BetslipPick {
  const { sameGame: _old, ...rest } = pick;
  return sameGame ? { ...rest, sameGame } : rest;
}

/**
 * What one read of prices offers now for a slip's pick: the pick its price button would add,
 * null while that side is locked or not offered, or undefined when the read does not show the
 * pick (another game, or another kind of market).
 */
type ShownOffer = (pick: BetslipPick) => BetslipPick | null | undefined;

/** The slip after one read of prices, and the picks it locks and those it offers at their line again. */
type FollowedRead = { picks: BetslipPick[]; lock: string[]; open: string[] };

/**
 * The slip following one read of prices (see the header). `views` holds what the reads last
 * showed of each pick (its price, line and fair chance); this read's are recorded in it, and
 * a pick whose view has not changed keeps what it has.
 */
function followRead(picks: readonly BetslipPick[], views: Map<string, string>, offerOf: ShownOffer): FollowedRead {
  const lock: string[] = [];
  const open: string[] = [];
  const followed = picks.map((pick) => {
    const now = offerOf(pick);
    if (now === undefined) return pick;
    const view = now ? `${now.priceAm}@${now.line}@${now.fairP}` : "none";
    if (views.get(pick.uid) === view) return pick;
    views.set(pick.uid, view);
    // Another line is another bet: the pick locks rather than follow it there.
    if (!now || now.line !== pick.line) {
      lock.push(pick.uid);
      return pick;
    }
    open.push(pick.uid);
    if (now.priceAm === pick.priceAm && now.fairP === pick.fairP) return pick;
    const { fairP: _old, ...rest } = pick;
    return {
      ...rest,
      ...(now.fairP !== undefined && { fairP: now.fairP }),
      priceAm: now.priceAm,
      priceDec: americanToDecimal(now.priceAm),
    };
  });
  return { picks: followed, lock, open };
}

function readStored(): Stored {
  const empty: Stored = { picks: [], mode: "Singles", amount: "" };
  try {
    const raw = JSON.parse(localStorage.getItem(BETSLIP_KEY) ?? "null") as unknown;
    const source = Array.isArray(raw) ? { picks: raw } : (raw as Partial<Record<keyof Stored, unknown>> | null);
    if (!source || !Array.isArray(source.picks)) return empty;
    const picks = source.picks.filter(isPick).map(withValidSameGame);
    const mode: BetslipMode = picks.length < 2 ? "Singles" : source.mode === "Singles" ? "Singles" : "Parlay";
    const amount = typeof source.amount === "string" ? source.amount : "";
    return { picks, mode, amount };
  } catch {
    return empty;
  }
}

export function BetslipProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const [state, setState] = useState<Stored>(readStored);
  const [locks, setLocks] = useState<ReadonlyMap<string, LockedBy>>(() => new Map());
  const [movedFrom, setMovedFrom] = useState<ReadonlyMap<string, number>>(() => new Map());
  // What the board and the props last showed of each pick (its price and line) and each game's
  // model: the slip follows what they change, not a read older than the slip's prices.
  const shownViews = useRef(new Map<string, string>());
  const forgetViews = useCallback((uids: readonly string[]) => {
    for (const uid of uids) shownViews.current.delete(uid);
  }, []);
  // The latest slip, so two clicks before a re-render still see each other.
  const stateRef = useRef(state);
  const commit = useCallback((next: Stored) => {
    stateRef.current = next;
    setState(next);
  }, []);

  // Slips adopted from another tab's write. They are not written back: by the time this tab
  // wrote one, the other tab may have written a newer slip (the amount typed since), which
  // the write-back would wipe there.
  const adopted = useRef(new WeakSet<Stored>());
  useEffect(() => {
    if (adopted.current.has(state)) return;
    try {
      localStorage.setItem(BETSLIP_KEY, JSON.stringify(state));
    } catch {
      // Storage unavailable: the slip lasts for this tab only.
    }
  }, [state]);

  // Another tab changed the slip: follow it, so two tabs of one player show one slip.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== BETSLIP_KEY) return;
      const next = readStored();
      adopted.current.add(next);
      // Prices the other tab followed show as moved here too.
      const before = stateRef.current.picks;
      setMovedFrom((seen) => noteMoves(seen, before, next.picks));
      commit(next);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [commit]);

  const toggle = useCallback(
    (pick: BetslipPick) => {
      const current = stateRef.current;
      const outcome = togglePick(current.picks, pick);
      if (outcome.action === "refused") {
        toast.show(outcome.message, "error");
        return;
      }
      commit({ ...current, picks: outcome.picks, mode: nextMode(current.mode, current.picks.length, outcome.picks.length) });
      // A pick added again starts afresh: the board's view of it is taken again, at its price.
      setLocks((locked) => without(locked, [pick.uid]));
      setMovedFrom((seen) => without(seen, [pick.uid]));
      forgetViews([pick.uid]);
    },
    [toast, commit, forgetViews],
  );

  const remove = useCallback(
    (uid: string) => {
      const current = stateRef.current;
      const picks = current.picks.filter((p) => p.uid !== uid);
      commit({ ...current, picks, mode: nextMode(current.mode, current.picks.length, picks.length) });
      setMovedFrom((seen) => without(seen, [uid]));
      forgetViews([uid]);
    },
    [commit, forgetViews],
  );

  const clear = useCallback(() => {
    commit({ picks: [], mode: "Singles", amount: "" });
    setLocks(new Map());
    setMovedFrom(new Map());
    shownViews.current.clear();
  }, [commit]);

  const setMode = useCallback(
    (mode: BetslipMode) => {
      const current = stateRef.current;
      commit({ ...current, mode: mode === "Parlay" && current.picks.length < 2 ? "Singles" : mode });
    },
    [commit],
  );

  const setAmount = useCallback((amount: string) => commit({ ...stateRef.current, amount }), [commit]);

  const applyCurrentPrices = useCallback(
    (prices: readonly CurrentPickPrice[]) => {
      let changed = 0;
      const locked = new Set<string>();
      // The answer lists the picks in the order they were sent, which is the slip's.
      const picks = stateRef.current.picks.map((pick, i) => {
        const now = prices[i];
        if (!now || now.eventId !== pick.gameId || now.market !== pick.market || now.side !== pick.side) return pick;
        if (now.locked || now.priceAm === null) {
          locked.add(pick.uid);
          changed += 1;
          return pick;
        }
        if (now.priceAm === pick.priceAm && now.line === pick.line) return pick;
        changed += 1;
        // A new line is another bet: the fair probability seen for the old one no longer applies.
        const { fairP, ...rest } = pick;
        const keep = now.line === pick.line && fairP !== undefined ? { fairP } : {};
        // A player's market names its line in its uid.
        const uid = pick.prop ? propPickUid(pick.gameId, pick.prop, pick.side, now.line) : pick.uid;
        const label = labelAtLine(pick, now.line);
        return { ...rest, ...keep, uid, label, priceAm: now.priceAm, priceDec: americanToDecimal(now.priceAm), line: now.line };
      });
      const before = stateRef.current.picks;
      setMovedFrom((seen) => noteMoves(seen, before, picks));
      commit({ ...stateRef.current, picks });
      setLocks(new Map([...locked].map((uid) => [uid, "server"])));
      return changed;
    },
    [commit],
  );

  // The slip after a read (followRead), kept, with the moves it shows and the locks it sets or lifts.
  const applyRead = useCallback(
    (before: readonly BetslipPick[], { picks, lock, open }: FollowedRead) => {
      if (picks.some((p, i) => p !== before[i])) {
        setMovedFrom((seen) => noteMoves(seen, before, picks));
        commit({ ...stateRef.current, picks });
      }
      if (lock.length + open.length === 0) return;
      setLocks((locked) => {
        const unlocked = without(
          locked,
          open.filter((uid) => locked.get(uid) === "shown"),
        );
        const added = lock.filter((uid) => !unlocked.has(uid));
        return added.length === 0 ? unlocked : new Map([...unlocked, ...added.map((uid): [string, LockedBy] => [uid, "shown"])]);
      });
    },
    [commit],
  );

  const followBoard = useCallback(
    (events: readonly Event[], offerOf: BoardOffer) => {
      const views = shownViews.current;
      const before = stateRef.current.picks;
      const games = new Map(events.map((e) => [e.eventId, e]));
      const modelled = before.map((pick) => {
        const event = games.get(pick.gameId);
        if (!event) return pick;
        const model = JSON.stringify(event.sameGame ?? null);
        const changed = views.get(`model:${pick.gameId}`) !== model && JSON.stringify(pick.sameGame ?? null) !== model;
        return changed ? withModel(pick, event.sameGame) : pick;
      });
      for (const event of events) views.set(`model:${event.eventId}`, JSON.stringify(event.sameGame ?? null));
      // A player's market comes from the game page's props (followProps), not the board.
      const boardOffer = (pick: BetslipPick) => {
        const event = games.get(pick.gameId);
        return event && pick.market !== "Prop" ? offerOf(event, pick) : undefined;
      };
      applyRead(before, followRead(modelled, views, boardOffer));
    },
    [applyRead],
  );

  const followProps = useCallback(
    (eventId: string, offerOf: PropOffer) => {
      const before = stateRef.current.picks;
      const propOffer = (pick: BetslipPick) => (pick.market === "Prop" && pick.gameId === eventId ? offerOf(pick) : undefined);
      applyRead(before, followRead(before, shownViews.current, propOffer));
    },
    [applyRead],
  );

  const acceptPrices = useCallback(() => setMovedFrom(new Map()), []);
  const lockedUids = useMemo<ReadonlySet<string>>(() => new Set(locks.keys()), [locks]);

  const [receipt, setReceipt] = useState<Placement | null>(null);
  const dismissReceipt = useCallback(() => setReceipt(null), []);

  const value = useMemo<BetslipContextValue>(
    () => ({
      picks: state.picks,
      toggle,
      isSelected: (uid: string) => state.picks.some((p) => p.uid === uid),
      remove,
      clear,
      mode: state.mode,
      setMode,
      amount: state.amount,
      setAmount,
      applyCurrentPrices,
      lockedUids,
      followBoard,
      followProps,
      movedFrom,
      acceptPrices,
      receipt,
      showReceipt: setReceipt,
      dismissReceipt,
    }),
    [
      state,
      toggle,
      remove,
      clear,
      setMode,
      setAmount,
      applyCurrentPrices,
      lockedUids,
      followBoard,
      followProps,
      movedFrom,
      acceptPrices,
      receipt,
      dismissReceipt,
    ],
  );
  return <BetslipContext.Provider value={value}>{children}</BetslipContext.Provider>;
}

export function useBetslip(): BetslipContextValue {
  return useContext(BetslipContext);
}
