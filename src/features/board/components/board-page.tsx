// The signed-in home board (spec §2): left, a team search and the sport list; centre,
// the Sports / Live / Favorites tabs over the selected sport's game cards; right, what
// the route puts beside the board (the betslip and the Statistics card), told the live
// rules the board learnt. Games whose start time has passed (on the feed's clock) are
// under Live, future ones under Sports.
import { useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import { SPORTS, type SportKey } from "../../../shared/sports";
import type { Event } from "../../../shared/schemas/events";
import { useBetslip } from "../../../session/betslip-provider";
import { useRevealBetslipOnArrival } from "../../../session/reveal-betslip";
import { useOddsFormat } from "../../../session/odds-format";
import { useShowFairOdds } from "../../../session/fair-odds-setting";
import { isUnderway } from "../../../shared/live-rules";
import { useEvents } from "../hooks/use-events";
import { useSportsInfo } from "../hooks/use-sports-info";
import { useFavorites } from "../hooks/use-favorites";
import { EventCard } from "./event-card";
import { SportList } from "./sport-list";
import "./board.css";

export type BoardTab = "sports" | "live" | "favorites";
const TABS: Array<{ id: BoardTab; label: string }> = [
  { id: "sports", label: "Sports" },
  { id: "live", label: "Live" },
  { id: "favorites", label: "Favorites" },
];
const SPORT_KEY = "vantage.board.sport";

function rememberedSport(): SportKey | null {
  try {
    const v = sessionStorage.getItem(SPORT_KEY);
    return SPORTS.some((s) => s.key === v) ? (v as SportKey) : null;
  } catch {
    return null;
  }
}

export function isLiveGame(event: Event, feedNow: number): boolean {
  return isUnderway(event, feedNow);
}

/** What the board knows about live betting: each sport's live-bet delay, and the feed's clock minus the browser's. */
export type BoardLive = { betDelaySeconds: Record<SportKey, number>; skewMs: number };

/** The right column: `live` is undefined until GET /api/sports has answered. */
export type BoardSidebar = (live: BoardLive | undefined) => ReactNode;

export function BoardPage({ sidebar }: { sidebar: BoardSidebar }) {
  useRevealBetslipOnArrival();
  const { sports, skewMs, live } = useSportsInfo();
  const [chosen, setChosen] = useState<SportKey | null>(rememberedSport);
  const sport = chosen && sports.some((s) => s.key === chosen && s.mapped) ? chosen : (sports.find((s) => s.mapped)?.key ?? null);
  const [tab, setTab] = useState<BoardTab>("sports");
  const [search, setSearch] = useState("");
  const events = useEvents(sport, { refreshSeconds: live?.refreshSeconds ?? null, skewMs });
  const [format] = useOddsFormat();
  const [showFair] = useShowFairOdds();
  const betslip = useBetslip();
  const { favorites, isFavorite, toggleFavorite } = useFavorites();

  const selectSport = (key: SportKey) => {
    setChosen(key);
    try {
      sessionStorage.setItem(SPORT_KEY, key);
    } catch {
      // the choice just isn't remembered
    }
  };

  const shown = useMemo(() => {
    const feedNow = Date.now() + skewMs;
    const needle = search.trim().toLowerCase();
    return events.events
      .filter((e) => e.status !== "final")
      .filter((e) => {
        if (tab === "sports") return !isLiveGame(e, feedNow);
        if (tab === "live") return isLiveGame(e, feedNow);
        return favorites.includes(e.home) || favorites.includes(e.away);
      })
      .filter((e) => !needle || e.home.toLowerCase().includes(needle) || e.away.toLowerCase().includes(needle))
      .sort((a, b) => a.startTime.localeCompare(b.startTime));
  }, [events.events, tab, search, favorites, skewMs]);

  const feedNow = Date.now() + skewMs;
  let empty: string | null = null;
  if (events.status === "ready" && shown.length === 0) {
    if (search.trim()) empty = `No teams match “${search.trim()}”.`;
    else if (tab === "sports") empty = "No upcoming games.";
    else if (tab === "live") empty = "No live games right now.";
    else empty = favorites.length === 0 ? "Add favorites to see games here." : "No favorite-team games for this sport right now.";
  }

  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    const i = TABS.findIndex((t) => t.id === tab);
    const next = TABS[(i + (e.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length]!;
    setTab(next.id);
    document.getElementById(`board-tab-${next.id}`)?.focus();
  };

  return (
    <div className="layout-board board">
      <aside className="col-left">
        <div className="card board-search">
          <label htmlFor="team-search" className="visually-hidden">
            Search teams
          </label>
          <input
            id="team-search"
            type="search"
            placeholder="Search teams"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
        </div>
        <SportList sports={sports} selected={sport} onSelect={selectSport} />
      </aside>

      <main className="col-centre" aria-label="Games">
        <div className="tabs" role="tablist" aria-label="Board" onKeyDown={onTabKey}>
          {TABS.map((t) => (
            <button
              key={t.id}
              id={`board-tab-${t.id}`}
              type="button"
              role="tab"
              className="tab"
              aria-selected={tab === t.id}
              aria-controls="board-panel"
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div
          id="board-panel"
          role="tabpanel"
          aria-labelledby={`board-tab-${tab}`}
          aria-busy={events.status === "loading"}
          className="board-panel"
        >
          {events.status === "loading" && (
            <p className="empty-state" role="status">
              Loading live odds…
            </p>
          )}
          {events.status === "error" && (
            <p className="board-error" role="alert">
              Failed to load events
            </p>
          )}
          {empty && <p className="empty-state">{empty}</p>}
          {shown.length > 0 && (
            <ul className="stack-list event-list">
              {shown.map((e) => (
                <li key={e.eventId}>
                  <EventCard
                    event={e}
                    live={isLiveGame(e, feedNow)}
                    format={format}
                    showFair={showFair}
                    isSelected={betslip.isSelected}
                    onPick={betslip.toggle}
                    isFavorite={isFavorite}
                    onToggleFavorite={toggleFavorite}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </main>

      <aside className="col-right">{sidebar(live ? { betDelaySeconds: live.betDelaySeconds, skewMs } : undefined)}</aside>
    </div>
  );
}
