// Whether the player sees the glass-box figures (/settings "Show fair odds"): the fair
// price under each offered price on the board, and each leg's and the parlay's margin on
// the betslip. On by default, saved on the device; one small external store like the odds
// format, so switching it re-renders every card and the slip at once (and other tabs).
// Part of src/session/, the state every screen shares: features read it here.
import { useSyncExternalStore } from "react";

export const SHOW_FAIR_ODDS_KEY = "vantage.showFairOdds";

const listeners = new Set<() => void>();

export function readShowFairOdds(): boolean {
  try {
    return localStorage.getItem(SHOW_FAIR_ODDS_KEY) !== "off";
  } catch {
    return true;
  }
}

export function setShowFairOdds(show: boolean): void {
  try {
    localStorage.setItem(SHOW_FAIR_ODDS_KEY, show ? "on" : "off");
  } catch {
    // storage blocked: nothing to save the choice in
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === SHOW_FAIR_ODDS_KEY || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useShowFairOdds(): [boolean, (show: boolean) => void] {
  const show = useSyncExternalStore(subscribe, readShowFairOdds, () => true);
  return [show, setShowFairOdds];
}
