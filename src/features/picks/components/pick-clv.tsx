// A pick's closing-line value under its card (docs/rules.md "Closing-line value"): shown
// once every game of the bet has a close, that is once they have started, and only for a
// bet placed before them (a leg placed live has none). Its own component, so the pick
// card renders it with one line.
import { betClv, formatClv } from "../../../shared/clv";
import type { BetDocument } from "../../../shared/schemas/bets";
import { useEventCloses } from "../../../session/use-event-closes";

export function PickClv({ bet }: { bet: BetDocument }) {
  const closes = useEventCloses(bet.legs.map((l) => l.eventId));
  if (closes.size === 0) return null;
  const { clv } = betClv(bet, (id) => closes.get(id));
  if (clv === null) return null;
  return (
    <p className="pick-clv muted" title="Closing-line value: the price you took against the fair price when the game started">
      Closing-line value <strong className={clv > 0 ? "positive" : clv < 0 ? "negative" : undefined}>{formatClv(clv)}</strong>
    </p>
  );
}
