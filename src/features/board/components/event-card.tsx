// One game on the board (spec §2 "Board cards"): league and start time in the player's
// zone, LIVE badge with score, period and clock, team bubbles that toggle favorites,
// and Moneyline / Spread / Total buttons in the chosen odds format (price-cell.tsx: a
// locked price reads 'Locked' and cannot be picked; a market the feed does not offer
// shows a dash). A suspended game (gameSuspension: the live rules hold back any of its
// markets) shows one 'Suspended' label with the reason, and every price of it reads
// 'Locked', as placement refuses them all. Soccer's moneyline is 3-way: a Draw row under
// the teams carries the draw price. A pick carries the game's score model when it has one
// (same-game parlays are priced from it). "All markets" opens the game's own page.
import { memo } from "react";
import { Link } from "react-router";
import type { BetslipPick } from "../../../shared/betslip";
import { gameSuspension, SUSPENSION_LABELS } from "../../../shared/live-rules";
import type { OddsFormat } from "../../../shared/odds";
import type { Market, Side } from "../../../shared/schemas/bets";
import type { Event } from "../../../shared/schemas/events";
import { sportLabel } from "../../../shared/sports";
import { teamAbbreviation } from "../../../shared/teams";
import { gamePath } from "../game-path";
import { drawOffer, MARKET_NAMES, offersFor, toPick, type Offer } from "./offers";
import { NotOfferedCell, OfferCell } from "./price-cell";

const startFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** A name with a word this long ("Milwaukee", "Washington") gets the tighter type on a phone, so the word stays whole. */
const LONG_WORD = 9;
const longestWord = (name: string) => Math.max(...name.split(/\s+/).map((w) => w.length));

export function formatStartTime(iso: string): string {
  return startFormat.format(new Date(iso));
}

/**
 * The betslip pick a board button would add for this market and side right now, or null
 * when it is locked or not offered (used by "Tail" to re-price a shared pick's legs).
 */
export function currentBoardPick(event: Event, market: Market, side: Side): BetslipPick | null {
  if (event.status === "final") return null;
  for (const offer of [...offersFor(event, "home"), ...offersFor(event, "away"), drawOffer(event)]) {
    if (offer && offer.market === market && offer.side === side && offer.price !== null) return toPick(event, offer, offer.price);
  }
  return null;
}

/** The game's 'Suspended' label and its reason, once for the game; nothing while it is offered. */
export function SuspendedLabel({ event }: { event: Event }) {
  const reason = gameSuspension(event);
  if (!reason) return null;
  return (
    <span className="event-suspended">
      <span className="badge">Suspended</span> <span className="muted">{SUSPENSION_LABELS[reason]}</span>
    </span>
  );
}

type Props = {
  event: Event;
  live: boolean;
  format: OddsFormat;
  /** Show each price's fair price under it (the "Show fair odds" setting); off when absent. */
  showFair?: boolean;
  isSelected(uid: string): boolean;
  onPick(pick: BetslipPick): void;
  isFavorite(team: string): boolean;
  onToggleFavorite(team: string): void;
};

export const EventCard = memo(function EventCard({
  event,
  live,
  format,
  showFair = false,
  isSelected,
  onPick,
  isFavorite,
  onToggleFavorite,
}: Props) {
  const score = event.live;
  const suspended = gameSuspension(event) !== null;
  const draw = drawOffer(event);
  // A game whose sport has no spread or total (MMA: the moneyline only) shows one locked cell saying so, not four empty boxes.
  const onlyMoneyline = (["away", "home"] as const).every((team) =>
    offersFor(event, team)
      .slice(1)
      .every((offer) => offer === null),
  );
  const cell = (offer: Offer | null, marketName: string) => (
    <OfferCell
      key={marketName}
      event={event}
      offer={offer}
      marketName={marketName}
      format={format}
      showFair={showFair}
      isSelected={isSelected}
      onPick={onPick}
    />
  );
  const matchup = `${event.away} at ${event.home}`;
  return (
    <article className="event-card" aria-label={matchup}>
      <header className="event-card-head">
        <span className="event-league">{sportLabel(event.sport)}</span>
        <time className="event-time" dateTime={event.startTime}>
          {formatStartTime(event.startTime)}
        </time>
        <span className="event-head-end">
          {(live || suspended) && (
            <span className="event-live">
              {live && <span className="badge badge-live">LIVE</span>}
              {live && score && (score.periodLabel || score.clock) && (
                <span className="event-period tabular">{[score.periodLabel, score.clock].filter(Boolean).join(" · ")}</span>
              )}
              <SuspendedLabel event={event} />
            </span>
          )}
          <Link className="event-more" to={gamePath(event)}>
            All markets<span className="visually-hidden"> for {matchup}</span>
            <span aria-hidden="true">{"\u00a0›"}</span>
          </Link>
        </span>
      </header>
      <div className="event-grid" role="group" aria-label="Markets">
        <span className="event-grid-spacer" />
        {MARKET_NAMES.map((m) => (
          <span key={m} className="event-market-name">
            {m}
          </span>
        ))}
        {(["away", "home"] as const).map((team) => {
          const name = team === "home" ? event.home : event.away;
          const favorite = isFavorite(name);
          const teamScore = team === "home" ? score?.homeScore : score?.awayScore;
          return (
            <div key={team} className="event-row">
              <div className="event-team">
                <button
                  type="button"
                  className={`team-bubble${favorite ? " is-favorite" : ""}`}
                  aria-pressed={favorite}
                  title={favorite ? "Remove from favorites" : "Add to favorites"}
                  onClick={() => onToggleFavorite(name)}
                >
                  <span className="team-star" aria-hidden="true">
                    {favorite ? "★" : "☆"}
                  </span>
                  <span className="team-abbr">{teamAbbreviation(name)}</span>
                  <span className="visually-hidden">{favorite ? ` — Remove ${name} from favorites` : ` — Add ${name} to favorites`}</span>
                </button>
                <span className={`team-name${longestWord(name) >= LONG_WORD ? " team-name-long" : ""}`} title={name}>
                  {name}
                  {team === "home" && <span className="visually-hidden"> (home)</span>}
                </span>
                {live && teamScore !== null && teamScore !== undefined && <span className="team-score tabular">{teamScore}</span>}
              </div>
              {onlyMoneyline
                ? [
                    cell(offersFor(event, team)[0] ?? null, MARKET_NAMES[0]),
                    team === "away" && <NotOfferedCell key="not-offered" event={event} className="event-not-offered" />,
                  ]
                : offersFor(event, team).map((offer, i) => cell(offer, MARKET_NAMES[i]!))}
            </div>
          );
        })}
        {draw && (
          <div className="event-row">
            <div className="event-team">
              <span className="team-name">Draw</span>
            </div>
            {cell(draw, "Moneyline")}
            <span className="event-grid-spacer" />
            <span className="event-grid-spacer" />
          </div>
        )}
      </div>
    </article>
  );
});
