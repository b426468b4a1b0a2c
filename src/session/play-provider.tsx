// The player's play time in the SPA: while this tab is visible and signed in it sends a
// heartbeat to POST /api/play/heartbeat once a minute (the wallet counts each minute once
// across tabs and devices), and keeps the answer — minutes left under the daily limit,
// the session's reality check, nudges near a limit — for the reality-check dialog, the
// nudge line and the wallet panel. A reality check that falls due between heartbeats is
// fetched at its due time, so the dialog opens when it is due, not up to a minute later.
// Part of src/session/, the state every screen shares (see auth-provider.tsx): features read it here.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { HEARTBEAT_INTERVAL_MS } from "../shared/play-time";
import type { PlayView } from "../shared/schemas/play";
import { useAuth } from "./auth-provider";

const playViewSchema = async () => (await import("../shared/schemas/play")).PlayViewSchema;

export type PlayContextValue = {
  /** The latest answer of /api/play (null until the first one, or signed out). */
  play: PlayView | null;
  /** Applies an answer another /api/play call returned (limits saved, a check answered). */
  applyPlay(view: PlayView): void;
  /** Reads /api/play again (after a refusal that names a reality check, say). */
  refresh(): void;
};

const PlayContext = createContext<PlayContextValue>({ play: null, applyPlay: () => undefined, refresh: () => undefined });

export function PlayProvider({ children }: { children: ReactNode }) {
  const { status, api } = useAuth();
  const [play, setPlay] = useState<PlayView | null>(null);
  const signedIn = status === "signed-in";
  const apiRef = useRef(api);
  apiRef.current = api;

  const call = useCallback((path: "/play" | "/play/heartbeat") => {
    const request = path === "/play" ? apiRef.current.get(path, playViewSchema) : apiRef.current.post(path, playViewSchema);
    // Play time is best effort: a missed heartbeat is a minute not counted, never an error to show.
    request.then(setPlay, () => undefined);
  }, []);

  useEffect(() => {
    if (!signedIn) {
      setPlay(null);
      return;
    }
    const beat = () => {
      if (document.visibilityState === "visible") call("/play/heartbeat");
    };
    beat();
    const timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
    document.addEventListener("visibilitychange", beat);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", beat);
    };
  }, [signedIn, call]);

  // A check due before the next heartbeat: look again when it falls due.
  const dueAt = play?.realityCheck.due === false ? play.realityCheck.dueAt : null;
  useEffect(() => {
    if (!signedIn || dueAt === null) return;
    const wait = Date.parse(dueAt) - Date.now();
    if (wait >= HEARTBEAT_INTERVAL_MS) return;
    const timer = setTimeout(() => call("/play"), Math.max(0, wait) + 250);
    return () => clearTimeout(timer);
  }, [signedIn, dueAt, call]);

  const value = useMemo<PlayContextValue>(() => ({ play, applyPlay: setPlay, refresh: () => call("/play") }), [play, call]);
  return <PlayContext.Provider value={value}>{children}</PlayContext.Provider>;
}

export function usePlay(): PlayContextValue {
  return useContext(PlayContext);
}
