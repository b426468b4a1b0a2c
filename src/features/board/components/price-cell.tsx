// One side's price button, as the board's card and the game page show it: a dash when the
// feed does not offer the market, 'Locked' (disabled) when its price is held back, else
// the price in the chosen odds format, pressed while on the slip. A price that moved since
// it last rendered (live boards refresh themselves) flashes up or down for a moment, with
// an arrow; under prefers-reduced-motion the flash does not animate, the highlight and
// arrow just show and go. With "Show fair odds" on, the fair price (no house margin) shows
// under it. `named` (the game page) shows the side's name on the button itself. The game
// page's player props use the same buttons.
import { useEffect, useRef, useState } from "react";
import type { BetslipPick } from "../../../shared/betslip";
import { SUSPENSION_LABELS } from "../../../shared/live-rules";
import { formatPrice, type OddsFormat } from "../../../shared/odds";
import type { Event } from "../../../shared/schemas/events";
import { sportLabel } from "../../../shared/sports";
import { fairText, toPick, type Offer } from "./offers";

/** How long a moved price stays highlighted. */
const PRICE_FLASH_MS = 2_000;

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

/** What names the side: on the card a spoken prefix before the visible line, on the game page the side's name and its line. */
function SideText({ offer, named }: { offer: Offer; named: boolean }) {
  if (named) {
    return (
      <>
        <span className="price-side">{offer.sideName} </span>
        {offer.pageLine && <span className="price-line">{offer.pageLine} </span>}
      </>
    );
  }
  return (
    <>
      <span className="visually-hidden">{offer.spokenPrefix} </span>
      {offer.lineText && <span className="price-line">{offer.lineText} </span>}
    </>
  );
}

export function PriceButton({
  offer,
  price,
  format,
  selected,
  showFair,
  named,
  onPick,
}: {
  offer: Offer;
  price: number;
  format: OddsFormat;
  selected: boolean;
  showFair: boolean;
  named: boolean;
  onPick(): void;
}) {
  const move = usePriceMove(price);
  const fair = showFair ? fairText(offer, format) : null;
  return (
    <button
      type="button"
      className={`price-btn${named ? " is-named" : ""}${selected ? " is-selected" : ""}${move ? ` is-moved-${move}` : ""}`}
      aria-pressed={selected}
      onClick={onPick}
    >
      <SideText offer={offer} named={named} />
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

export type OfferCellProps = {
  event: Event;
  /** The side, or null when the feed does not offer its market. */
  offer: Offer | null;
  /** The market's name, said for a market not offered ("Total not offered"). */
  marketName: string;
  format: OddsFormat;
  showFair: boolean;
  isSelected(uid: string): boolean;
  onPick(pick: BetslipPick): void;
  named?: boolean;
};

/**
 * Why a held-back side shows no price, for its title and screen readers: an operator's
 * suspension, the live rules' reason (the card also says it once, as its 'Suspended'
 * label), a line the feed has not given, or no price from the book now (one it holds back
 * before the start, one beyond spec §5's bounds, one better than its fair chance, locked by
 * src/shared/fair-lock.ts or, for a prop, src/shared/props/prop-lock.ts, or one that with the
 * game's other sides would win on every score, or on some and lose on none,
 * src/shared/sure-profit-lock.ts; the board does
 * not tell them apart).
 * The last two are shown on the cell too, as nothing else on the card explains them.
 */
function lockedWhy(offer: Offer): { title: string; spoken: string | null; shown: string | null } {
  if (offer.byHouse) return { title: "Suspended by Vantage for now", spoken: " by Vantage for now", shown: null };
  if (offer.liveHold) {
    const label = SUSPENSION_LABELS[offer.liveHold];
    return { title: label, spoken: ` (${label.toLowerCase()})`, shown: null };
  }
  const text = offer.line === null && offer.market !== "Moneyline" && offer.side !== "Yes" ? "No line yet" : "No price now";
  return { title: text, spoken: null, shown: text };
}

/** A side whose price is held back: 'Locked' with why, or 'Suspended' when an operator suspended its market; not pressable. */
export function LockedPriceButton({ offer, named }: { offer: Offer; named: boolean }) {
  const why = lockedWhy(offer);
  return (
    <button type="button" className={`price-btn is-locked${named ? " is-named" : ""}`} disabled title={why.title}>
      <SideText offer={offer} named={named} />
      <span className="price-value">{offer.byHouse ? "Suspended" : "Locked"}</span>
      {why.spoken && <span className="visually-hidden">{why.spoken}</span>}
      {why.shown && <span className="price-locked-why">{why.shown}</span>}
    </button>
  );
}

/** One side's cell: a dash when not offered, 'Locked' when held back, else its price button. */
export function OfferCell({ event, offer, marketName, format, showFair, isSelected, onPick, named = false }: OfferCellProps) {
  if (!offer) {
    return (
      <span className="price-btn is-missing">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{marketName} not offered</span>
      </span>
    );
  }
  const price = offer.price;
  if (price === null) return <LockedPriceButton offer={offer} named={named} />;
  const pick = toPick(event, offer, price);
  return (
    <PriceButton
      offer={offer}
      price={price}
      format={format}
      selected={isSelected(pick.uid)}
      showFair={showFair}
      named={named}
      onPick={() => onPick(pick)}
    />
  );
}

/** Where the game's sport has no such market (MMA: no spread or total): one locked cell saying so. */
export function NotOfferedCell({ event, className }: { event: Event; className: string }) {
  return (
    <span className={`price-btn is-locked ${className}`}>
      <span className="price-value">Locked</span>
      <span className="price-line">Not offered for {sportLabel(event.sport)}</span>
    </span>
  );
}
