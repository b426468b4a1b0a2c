// GET /api/sports once per visit: which sports the feed carries, the feed's clock skew
// (the simulator's clock can run ahead) and the live rules (the cadence live boards
// refresh at, each sport's live-bet delay). Until it answers every sport is assumed
// offered and nothing is known to be live-delayed.
import { useEffect, useState } from "react";
import type { LiveRules } from "../../../shared/live-rules";
import { useApi } from "../../../session/auth-provider";
import { getSports } from "../api/get-events";
import { SPORTS } from "../../../shared/sports";
import type { SportEntry } from "../components/sport-list";

/** What the board knows from GET /api/sports: the sports, the feed clock's skew, and the live rules once answered. */
export type BoardSports = { sports: SportEntry[]; skewMs: number; live: LiveRules | null };

export function useSportsInfo(): BoardSports {
  const api = useApi();
  const [info, setInfo] = useState<BoardSports>(() => ({
    sports: SPORTS.map((s) => ({ key: s.key, label: s.label, mapped: true })),
    skewMs: 0,
    live: null,
  }));
  useEffect(() => {
    let cancelled = false;
    getSports(api).then(
      (answer) => {
        if (cancelled) return;
        setInfo({ sports: answer.sports, skewMs: answer.feedNow - Date.now(), live: answer.live });
      },
      (err: unknown) => console.error(err),
    );
    return () => {
      cancelled = true;
    };
  }, [api]);
  return info;
}
