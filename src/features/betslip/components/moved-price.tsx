// A price on the slip that moved since the player last saw it (the board moved, or a 409
// answered a new one): the old price struck through, an arrow up (pays more) or down, then
// the new price, all on the price's own line so the slip keeps its height; a screen reader
// hears "Price moved from +150 to +140". Unmoved, it is just the price.
import { formatPrice, type OddsFormat } from "../../../shared/odds";

export function MovedPrice({ from, to, format }: { from: number | undefined; to: number; format: OddsFormat }) {
  if (from === undefined || from === to) return <>{formatPrice(to, format)}</>;
  const up = to > from;
  return (
    <span className={`moved-price is-${up ? "up" : "down"}`}>
      <span aria-hidden="true">
        <s className="moved-price-was">{formatPrice(from, format)}</s>
        <span className="moved-price-arrow">{up ? "▲" : "▼"}</span>
        <span>{formatPrice(to, format)}</span>
      </span>
      <span className="visually-hidden">{`Price moved from ${formatPrice(from, format)} to ${formatPrice(to, format)}`}</span>
    </span>
  );
}
