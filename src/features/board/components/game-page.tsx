// /game/:eventId: one game on its own page. Its header (teams, sport, start time, or the
// LIVE score with period and clock, and the game's one 'Suspended' label), then every
// market of the game in a full-width row with the board's own price buttons: the same
// states (a locked or suspended price reads 'Locked'), the same slip (picking here adds to
// the slip the board fills), the same live refresh. A short note says whether this game's
// picks combine into a same-game parlay, by the rules the slip prices them with; under
// the game lines, the players' markets before the game starts, refreshed at the same
// cadence (player-props.tsx). The game comes from its sport's board (the link names the
// sport; without it each sport the feed carries is asked in turn), so there is no separate
// API for one game. A game no longer on the board (finished, or never there) says so, with
// the way back to the board.
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useBetslip } from "../../../session/betslip-provider";
import { useShowFairOdds } from "../../../session/fair-odds-setting";
import { useOddsFormat } from "../../../session/odds-format";
import { isUnderway } from "../../../shared/live-rules";
import { SAME_GAME_MESSAGES } from "../../../shared/same-game";
import type { Event } from "../../../shared/schemas/events";
import { isSportKey, sportLabel, type SportKey } from "../../../shared/sports";
import { useEvents, type LivePolling } from "../hooks/use-events";
import { useSportsInfo } from "../hooks/use-sports-info";
import type { BoardSidebar } from "./board-page";
import { formatStartTime, SuspendedLabel } from "./event-card";
import { marketsOf } from "./offers";
import { PlayerProps } from "./player-props";
import { NotOfferedCell, OfferCell } from "./price-cell";
import type { SportEntry } from "./sport-list";
import "./board.css";
import "./game-page.css";

type GameState = { status: "loading" } | { status: "error" } | { status: "missing" } | { status: "ready"; event: Event };

/**
 * The game from its sport's board, kept current like the board. Without a sport to ask,
 * each sport the feed carries is asked in turn until one lists the game.
 */
function useGame(eventId: string, sport: SportKey | null, sports: readonly SportEntry[], polling: LivePolling): GameState {
  const order = useMemo(() => (sport ? [sport] : sports.filter((s) => s.mapped).map((s) => s.key)), [sport, sports]);
  const orderKey = order.join();
  const [walk, setWalk] = useState({ orderKey, asked: 0 });
  const asked = walk.orderKey === orderKey ? walk.asked : 0;
  const board = useEvents(order[asked] ?? null, polling);
  const event = board.events.find((e) => e.eventId === eventId && e.status !== "final");
  const askNext = board.status === "ready" && !event && asked + 1 < order.length;
  useEffect(() => {
    if (askNext) setWalk({ orderKey, asked: asked + 1 });
  }, [askNext, orderKey, asked]);
  if (event) return { status: "ready", event };
  if (board.status === "error") return { status: "error" };
  if (board.status === "loading" || askNext) return { status: "loading" };
  return { status: "missing" };
}

/** Whether this game's picks combine into a same-game parlay, in the words the slip uses when they cannot. */
function sameGameNote(event: Event, started: boolean): string {
  if (started) return SAME_GAME_MESSAGES.started;
  if (!event.sameGame) return SAME_GAME_MESSAGES.unavailable;
  return "Add two or more picks of this game to your slip and they combine into a same-game parlay, priced together.";
}

function BackToBoard() {
  return (
    <Link to="/" className="game-back">
      <span aria-hidden="true">‹ </span>Back to the board
    </Link>
  );
}

function GameHeader({ event, live }: { event: Event; live: boolean }) {
  const score = event.live;
  const period = score && [score.periodLabel, score.clock].filter(Boolean).join(" · ");
  const scored = live && score && score.homeScore !== null && score.awayScore !== null;
  return (
    <header className="card game-head">
      <p className="game-meta">
        <span className="event-league">{sportLabel(event.sport)}</span>
        <time className="event-time" dateTime={event.startTime}>
          {formatStartTime(event.startTime)}
        </time>
        {live && <span className="badge badge-live">LIVE</span>}
        {live && period && <span className="event-period tabular">{period}</span>}
        <SuspendedLabel event={event} />
      </p>
      <h1 id="game-title" className="game-title">
        {event.away} at {event.home}
      </h1>
      {scored && (
        <p className="game-score tabular">
          {event.away} {score.awayScore} · {event.home} {score.homeScore}
        </p>
      )}
    </header>
  );
}

export function GamePage({ sidebar }: { sidebar: BoardSidebar }) {
  const { eventId = "" } = useParams();
  const [params] = useSearchParams();
  const hint = params.get("sport");
  const { sports, skewMs, live } = useSportsInfo();
  const game = useGame(eventId, hint && isSportKey(hint) ? hint : null, sports, {
    refreshSeconds: live?.refreshSeconds ?? null,
    skewMs,
  });
  const [format] = useOddsFormat();
  const [showFair] = useShowFairOdds();
  const betslip = useBetslip();

  let content: ReactNode;
  if (game.status === "loading") {
    content = (
      <p className="empty-state" role="status">
        Loading game…
      </p>
    );
  } else if (game.status === "error") {
    content = (
      <section className="card game-missing">
        <p className="board-error" role="alert">
          Failed to load events
        </p>
        <BackToBoard />
      </section>
    );
  } else if (game.status === "missing") {
    content = (
      <section className="card empty-state game-missing" aria-labelledby="game-title">
        <h1 id="game-title">Game not found</h1>
        <p>This game is not on the board: it may have finished, or the link may be out of date.</p>
        <Link to="/" className="btn btn-primary">
          Back to the board
        </Link>
      </section>
    );
  } else {
    const { event } = game;
    const underway = isUnderway(event, Date.now() + skewMs);
    content = (
      <>
        <BackToBoard />
        <GameHeader event={event} live={underway} />
        {marketsOf(event).map(({ name, offers }) => (
          <section key={name} className="card game-market" aria-labelledby={`game-market-${name}`}>
            <h2 id={`game-market-${name}`} className="game-market-name">
              {name}
            </h2>
            <div className="game-market-sides">
              {offers ? (
                offers.map((offer) => (
                  <OfferCell
                    key={offer.side}
                    event={event}
                    offer={offer}
                    marketName={name}
                    format={format}
                    showFair={showFair}
                    isSelected={betslip.isSelected}
                    onPick={betslip.toggle}
                    named
                  />
                ))
              ) : (
                <NotOfferedCell event={event} className="game-not-offered" />
              )}
            </div>
          </section>
        ))}
        <section className="card game-same-game" aria-labelledby="game-same-game-title">
          <h2 id="game-same-game-title" className="card-title">
            Same-game parlay
          </h2>
          <p>{sameGameNote(event, underway)}</p>
        </section>
        <PlayerProps event={event} started={underway} refreshSeconds={live?.refreshSeconds ?? null} />
      </>
    );
  }

  return (
    <div className="layout-board layout-game">
      <main className="col-centre game-page">{content}</main>
      <aside className="col-right">{sidebar(live ? { betDelaySeconds: live.betDelaySeconds, skewMs } : undefined)}</aside>
    </div>
  );
}
