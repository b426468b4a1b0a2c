// The player's odds format (spec §2 /settings, §9: American or Decimal, default
// American; Fractional too, the UK books' default), saved on the device. One small external store, so changing it on
// /settings re-renders every price on every screen (and in other tabs) at once.
// Part of src/session/, the state every screen shares (see auth-provider.tsx): features read it here.
import { useSyncExternalStore } from "react";
import { ODDS_FORMATS, type OddsFormat as SharedOddsFormat } from "../shared/odds";

export type OddsFormat = SharedOddsFormat;

export const ODDS_FORMAT_KEY = "vantage.oddsFormat";
export const DEFAULT_ODDS_FORMAT: OddsFormat = "american";

const listeners = new Set<() => void>();

export function readOddsFormat(): OddsFormat {
  try {
    const saved = localStorage.getItem(ODDS_FORMAT_KEY);
    return ODDS_FORMATS.find((format) => format === saved) ?? DEFAULT_ODDS_FORMAT;
  } catch {
    return DEFAULT_ODDS_FORMAT;
  }
}

export function setOddsFormat(format: OddsFormat): void {
  try {
    localStorage.setItem(ODDS_FORMAT_KEY, format);
  } catch {
    // storage blocked: nothing to save the choice in
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === ODDS_FORMAT_KEY || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useOddsFormat(): [OddsFormat, (format: OddsFormat) => void] {
  const format = useSyncExternalStore(subscribe, readOddsFormat, () => DEFAULT_ODDS_FORMAT);
  return [format, setOddsFormat];
}
