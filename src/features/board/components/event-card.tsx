// One game on the board (spec §2 "Board cards"): league and start time in the player's
// zone, LIVE badge with score, period and clock, team bubbles that toggle favorites,
// and Moneyline / Spread / Total buttons in the chosen odds format. A locked price reads
// 'Locked' and cannot be picked; a market the feed does not offer shows a dash. A price
// that moved since the card last rendered (the live board refreshes itself) flashes up
// or down for a moment, with an arrow; under prefers-reduced-motion the flash does not
// animate, the highlight and arrow just show and go. A game under way whose markets the
// live rules hold back shows a 'Suspended' label with the reason (its prices read 'Locked').
// Soccer's moneyline is 3-way: a Draw row under the teams carries the draw price. With
// "Show fair odds" on, each price shows the fair price (no house margin) under it. A pick
// carries the game's score model when it has one (same-game parlays are priced from it).
import { memo, useEffect, useRef, useState } from "react";
import type { BetslipPick } from "../../../shared/betslip";
import { pickUid } from "../../../shared/betslip";
import { decimalOdds, formatPrice, formatSpreadLine, type OddsFormat } from "../../../shared/odds";
import { fairAmerican } from "../../../shared/fair-odds";
import type { Event, FairSide } from "../../../shared/schemas/events";
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
  /** The side's fair figures, when enough books quote it. */
  fair: FairSide | null;
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
        fair: event.fair?.moneyline?.[team] ?? null,
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
      fair: event.fair?.spread && event.fair.spread.line === m.spread.line ? event.fair.spread[team] : null,
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
      fair: event.fair?.total && event.fair.total.line === t.line ? event.fair.total[over ? "over" : "under"] : null,
    };
  }
  return [moneyline, spread, total];
}

/** Soccer's Draw (the 3-way moneyline's third side), or null where the game has none. */
function drawOffer(event: Event): Offer | null {
  const moneyline = event.markets.moneyline;
  if (!moneyline || moneyline.draw === undefined) return null;
  return {
    market: "Moneyline",
    side: "Draw",
    teamKey: null,
    price: moneyline.draw,
    line: null,
    label: "Draw",
    lineText: null,
    spokenPrefix: "Draw ML",
    fair: event.fair?.moneyline?.draw ?? null,
  };
}

/** The fair price text shown under an offered one ("fair +138"), or null when there is none to show. */
function fairText(offer: Offer, format: OddsFormat): string | null {
  const fairPrice = offer.fair ? fairAmerican(offer.fair.p) : null;
  return fairPrice === null ? null : `fair ${formatPrice(fairPrice, format)}`;
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
    ...(offer.fair && { fairP: offer.fair.p }),
    // The game's score model, so the slip can price this pick with others on the same game.
    ...(event.sameGame && { sameGame: event.sameGame }),
  };
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
  showFair,
  onPick,
}: {
  offer: Offer;
  price: number;
  format: OddsFormat;
  selected: boolean;
  showFair: boolean;
  onPick(): void;
}) {
  const move = usePriceMove(price);
  const fair = showFair ? fairText(offer, format) : null;
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
      {fair && <span className="price-fair tabular">{fair}</span>}
    </button>
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
  const suspended = suspensionOf(event);
  const draw = drawOffer(event);
  // A game whose sport has no spread or total (MMA: the moneyline only) shows one locked cell saying so, not four empty boxes.
  const onlyMoneyline = (["away", "home"] as const).every((team) =>
    offersFor(event, team)
      .slice(1)
      .every((offer) => offer === null),
  );
  /** One market's button: a dash when not offered, 'Locked' when locked, else the price. */
  const cell = (offer: Offer | null, marketName: string) => {
    if (!offer) {
      return (
        <span key={marketName} className="price-btn is-missing">
          <span aria-hidden="true">—</span>
          <span className="visually-hidden">{marketName} not offered</span>
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
        showFair={showFair}
        onPick={() => onPick(pick)}
      />
    );
  };
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
                  <span className="team-star" aria-hidden="true">
                    {favorite ? "★" : "☆"}
                  </span>
                  {teamAbbreviation(name)}
                  <span className="visually-hidden">{favorite ? ` — Remove ${name} from favorites` : ` — Add ${name} to favorites`}</span>
                </button>
                <span className="team-name" title={name}>
                  {name}
                  {team === "home" && <span className="visually-hidden"> (home)</span>}
                </span>
                {live && teamScore !== null && teamScore !== undefined && <span className="team-score tabular">{teamScore}</span>}
              </div>
              {onlyMoneyline
                ? [
                    cell(offersFor(event, team)[0] ?? null, MARKET_NAMES[0]!),
                    team === "away" && (
                      <span key="not-offered" className="price-btn is-locked event-not-offered">
                        <span className="price-value">Locked</span>
                        <span className="price-line">Not offered for {sportLabel(event.sport)}</span>
                      </span>
                    ),
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
