// One game on the board (spec §2 "Board cards"): league and start time in the player's
// zone, LIVE badge with score, period and clock, team bubbles that toggle favorites,
// and Moneyline / Spread / Total buttons in the chosen odds format. A locked price reads
// 'Locked' and cannot be picked; a market the feed does not offer shows a dash. A price
// that moved since the card last rendered (the live board refreshes itself) flashes up
// or down for a moment, with an arrow; under prefers-reduced-motion the flash does not
// animate, the highlight and arrow just show and go. A game under way whose markets the
// live rules hold back shows a 'Suspended' label with the reason (its prices read 'Locked').
import { memo, useEffect, useRef, useState } from "react";
import type { BetslipPick } from "../../../shared/betslip";
import { pickUid } from "../../../shared/betslip";
import { decimalOdds, formatPrice, formatSpreadLine, type OddsFormat } from "../../../shared/odds";
import type { Event } from "../../../shared/schemas/events";
import { SUSPENSION_LABELS } from "../../../shared/live-rules";
import type { Market, Side } from "../../../shared/schemas/bets";
import { sportLabel } from "../../../shared/sports";
import { SUSPENSION_REASONS, type SuspensionReason } from "../../../shared/suspension-reasons";
import { teamAbbreviation } from "../../../shared/teams";

const startFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

export function formatStartTime(iso: string): string {
  return startFormat.format(new Date(iso));
}

// `spokenPrefix` is read before the visible line and price, so a button's accessible
// name contains its visible text (WCAG 2.5.3): "Miami Heat ML +150", "Total O 221.5 -105".
type Offer = {
  market: Market;
  side: Side;
  teamKey: "home" | "away" | null;
  price: number | null;
  line: number | null;
  label: string;
  lineText: string | null;
  spokenPrefix: string;
};

function offersFor(event: Event, team: "home" | "away"): Array<Offer | null> {
  const m = event.markets;
  const name = team === "home" ? event.home : event.away;
  const side: Side = team === "home" ? "Home" : "Away";
  const moneyline: Offer | null = m.moneyline
    ? {
        market: "Moneyline",
        side,
        teamKey: team,
        price: m.moneyline[team],
        line: null,
        label: `${name} ML`,
        lineText: null,
        spokenPrefix: `${name} ML`,
      }
    : null;
  let spread: Offer | null = null;
  if (m.spread) {
    const line = m.spread.line === null ? null : team === "home" ? m.spread.line : -m.spread.line || 0;
    spread = {
      market: "Spread",
      side,
      teamKey: team,
      price: line === null ? null : m.spread[team],
      line,
      label: line === null ? name : `${name} ${formatSpreadLine(line)}`,
      lineText: line === null ? null : formatSpreadLine(line),
      spokenPrefix: line === null ? `${name} spread` : name,
    };
  }
  let total: Offer | null = null;
  if (m.total) {
    const over = team === "away";
    const t = m.total;
    total = {
      market: "Total",
      side: over ? "Over" : "Under",
      teamKey: null,
      price: t.line === null ? null : over ? t.over : t.under,
      line: t.line,
      label: t.line === null ? (over ? "Over" : "Under") : `${over ? "Over" : "Under"} ${t.line}`,
      lineText: t.line === null ? null : `${over ? "O" : "U"} ${t.line}`,
      spokenPrefix: t.line === null ? (over ? "Total over" : "Total under") : "Total",
    };
  }
  return [moneyline, spread, total];
}

function toPick(event: Event, offer: Offer, price: number): BetslipPick {
  return {
    uid: pickUid(event.eventId, offer.market, offer.side),
    gameId: event.eventId,
    league: event.sport,
    market: offer.market,
    side: offer.side,
    label: offer.label,
    priceAm: price,
    priceDec: decimalOdds(price),
    line: offer.line,
    teamKey: offer.teamKey,
    home: event.home,
    away: event.away,
    startTime: event.startTime,
  };
}

/**
 * The betslip pick a board button would add for this market and side right now, or null
 * when it is locked or not offered (used by "Tail" to re-price a shared pick's legs).
 */
export function currentBoardPick(event: Event, market: Market, side: Side): BetslipPick | null {
  if (event.status === "final") return null;
  for (const team of ["home", "away"] as const) {
    for (const offer of offersFor(event, team)) {
      if (offer && offer.market === market && offer.side === side && offer.price !== null) return toPick(event, offer, offer.price);
    }
  }
  return null;
}

const MARKET_NAMES = ["Moneyline", "Spread", "Total"] as const;

/** The strongest reason any of the card's markets is held back for, or null when none is. */
function suspensionOf(event: Event): SuspensionReason | null {
  const reasons = Object.values(event.suspended ?? {});
  return SUSPENSION_REASONS.find((r) => reasons.includes(r)) ?? null;
}

/** How long a moved price stays highlighted. */
export const PRICE_FLASH_MS = 2_000;

/** "up" when the price just got longer (pays more), "down" when shorter; null otherwise or once the flash is over. */
function usePriceMove(price: number): "up" | "down" | null {
  const previous = useRef(price);
  const [move, setMove] = useState<"up" | "down" | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    if (before === price) return;
    setMove(price > before ? "up" : "down");
    const timer = setTimeout(() => setMove(null), PRICE_FLASH_MS);
    return () => clearTimeout(timer);
  }, [price]);
  return move;
}

function PriceButton({
  offer,
  price,
  format,
  selected,
  onPick,
}: {
  offer: Offer;
  price: number;
  format: OddsFormat;
  selected: boolean;
  onPick(): void;
}) {
  const move = usePriceMove(price);
  return (
    <button
      type="button"
      className={`price-btn${selected ? " is-selected" : ""}${move ? ` is-moved-${move}` : ""}`}
      aria-pressed={selected}
      onClick={onPick}
    >
      <span className="visually-hidden">{offer.spokenPrefix} </span>
      {offer.lineText && <span className="price-line">{offer.lineText} </span>}
      <span className="price-value tabular">
        {formatPrice(price, format)}
        {move && (
          <span className={`price-move price-move-${move}`} aria-hidden="true">
            {move === "up" ? "▲" : "▼"}
          </span>
        )}
      </span>
    </button>
  );
}

type Props = {
  event: Event;
  live: boolean;
  format: OddsFormat;
  isSelected(uid: string): boolean;
  onPick(pick: BetslipPick): void;
  isFavorite(team: string): boolean;
  onToggleFavorite(team: string): void;
};

export const EventCard = memo(function EventCard({ event, live, format, isSelected, onPick, isFavorite, onToggleFavorite }: Props) {
  const score = event.live;
  const suspended = suspensionOf(event);
  return (
    <article className="event-card" aria-label={`${event.away} at ${event.home}`}>
      <header className="event-card-head">
        <span className="event-league">{sportLabel(event.sport)}</span>
        <time className="event-time" dateTime={event.startTime}>
          {formatStartTime(event.startTime)}
        </time>
        {live && (
          <span className="event-live">
            <span className="badge badge-live">LIVE</span>
            {score && (score.periodLabel || score.clock) && (
              <span className="event-period tabular">{[score.periodLabel, score.clock].filter(Boolean).join(" · ")}</span>
            )}
            {suspended && (
              <span className="event-suspended">
                <span className="badge">Suspended</span> <span className="muted">{SUSPENSION_LABELS[suspended]}</span>
              </span>
            )}
          </span>
        )}
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
                  {teamAbbreviation(name)}
                  <span className="visually-hidden">{favorite ? ` — Remove ${name} from favorites` : ` — Add ${name} to favorites`}</span>
                </button>
                <span className="team-name" title={name}>
                  {name}
                  {team === "home" && <span className="visually-hidden"> (home)</span>}
                </span>
                {live && teamScore !== null && teamScore !== undefined && <span className="team-score tabular">{teamScore}</span>}
              </div>
              {offersFor(event, team).map((offer, i) => {
                if (!offer) {
                  return (
                    <span key={MARKET_NAMES[i]} className="price-btn is-missing">
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">{MARKET_NAMES[i]} not offered</span>
                    </span>
                  );
                }
                const price = offer.price;
                if (price === null) {
                  return (
                    <button key={offer.market} type="button" className="price-btn is-locked" disabled>
                      <span className="visually-hidden">{offer.spokenPrefix} </span>
                      {offer.lineText && <span className="price-line">{offer.lineText} </span>}
                      <span className="price-value">Locked</span>
                    </button>
                  );
                }
                const pick = toPick(event, offer, price);
                return (
                  <PriceButton
                    key={offer.market}
                    offer={offer}
                    price={price}
                    format={format}
                    selected={isSelected(pick.uid)}
                    onPick={() => onPick(pick)}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
    </article>
  );
});
