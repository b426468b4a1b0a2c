// The betslip's state for the whole SPA: picks (toggled by board cards and the game page's
// player props with the shared rules of src/shared/betslip.ts, conflicts answered with a
// toast), the Singles/Parlay mode and the amount being typed. Saved on the device under
// `vantage.betslip`, so the slip survives a reload; prices can be refreshed from a 409
// `price-changed` answer (its prices in the slip's order). A pick keeps the game's score
// model it was picked with (same-game parlays are priced from it).
// It also holds the receipt of the last placement until the player dismisses it, so the
// receipt outlasts the phone's slip sheet, which closes as the slip empties.
// Part of src/session/, the state every screen shares (see auth-provider.tsx): features read it here.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useToast } from "../components/toast";
import { nextMode, propPickUid, togglePick, type BetslipMode, type BetslipPick } from "../shared/betslip";
import { americanToDecimal } from "../shared/odds";
import type { BetDocument, CurrentPickPrice } from "../shared/schemas/bets";

/** What one confirmed slip placed, and the slip it came from (to bet it again). */
export type Placement = { bets: BetDocument[]; picks: BetslipPick[]; mode: BetslipMode; amount: string };

export const BETSLIP_KEY = "vantage.betslip";

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
  /** uids of picks the server reported locked since they were added. */
  lockedUids: ReadonlySet<string>;
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
  const [lockedUids, setLockedUids] = useState<ReadonlySet<string>>(() => new Set());
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
      setLockedUids((locked) => (locked.has(pick.uid) ? new Set([...locked].filter((uid) => uid !== pick.uid)) : locked));
    },
    [toast, commit],
  );

  const remove = useCallback(
    (uid: string) => {
      const current = stateRef.current;
      const picks = current.picks.filter((p) => p.uid !== uid);
      commit({ ...current, picks, mode: nextMode(current.mode, current.picks.length, picks.length) });
    },
    [commit],
  );

  const clear = useCallback(() => {
    commit({ picks: [], mode: "Singles", amount: "" });
    setLockedUids(new Set());
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
        return { ...rest, ...keep, uid, priceAm: now.priceAm, priceDec: americanToDecimal(now.priceAm), line: now.line };
      });
      commit({ ...stateRef.current, picks });
      setLockedUids(locked);
      return changed;
    },
    [commit],
  );

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
      receipt,
      showReceipt: setReceipt,
      dismissReceipt,
    }),
    [state, toggle, remove, clear, setMode, setAmount, applyCurrentPrices, lockedUids, receipt, dismissReceipt],
  );
  return <BetslipContext.Provider value={value}>{children}</BetslipContext.Provider>;
}

export function useBetslip(): BetslipContextValue {
  return useContext(BetslipContext);
}
