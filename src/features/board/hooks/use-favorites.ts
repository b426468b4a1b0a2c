// Favorite teams (by name), saved on the device (spec §3 device storage "favorites").
// A tiny external store so every card's bubble and the Favorites tab agree instantly.
import { useCallback, useSyncExternalStore } from "react";

export const FAVORITES_KEY = "vantage.favorites";

const listeners = new Set<() => void>();
let lastRaw: string | null | undefined;
let lastValue: readonly string[] = [];

function read(): readonly string[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(FAVORITES_KEY);
  } catch {
    raw = null;
  }
  if (raw === lastRaw) return lastValue;
  lastRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    lastValue = Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    lastValue = [];
  }
  return lastValue;
}

function write(teams: readonly string[]): void {
  try {
    localStorage.setItem(FAVORITES_KEY, JSON.stringify(teams));
  } catch {
    // storage blocked: favorites cannot be kept
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === FAVORITES_KEY || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useFavorites(): { favorites: readonly string[]; isFavorite(team: string): boolean; toggleFavorite(team: string): void } {
  const favorites = useSyncExternalStore(subscribe, read, () => []);
  const isFavorite = useCallback((team: string) => favorites.includes(team), [favorites]);
  const toggleFavorite = useCallback((team: string) => {
    const current = read();
    write(current.includes(team) ? current.filter((t) => t !== team) : [...current, team]);
  }, []);
  return { favorites, isFavorite, toggleFavorite };
}
