// The Statistics card's closing-line value, beside the spec's seven figures (which stay as
// they are): the average CLV of the wallet's bets that have one, and the share of them
// that beat the close (src/shared/clv.ts). Loaded on demand, so the first page's bundle
// does not carry the CLV rules and the game model they re-price same-game blocks with.
import { ClvList } from "../../../components/clv-list";
import { betClv, isPrematch, summariseClv } from "../../../shared/clv";
import type { BetDocument } from "../../../shared/schemas/bets";
import { useEventCloses } from "../../../session/use-event-closes";

/** The newest bets read for CLV: enough for the figure, bounded in requests. */
const BETS_READ = 200;

export function ClvFigures({ bets }: { bets: readonly BetDocument[] }) {
  const read = bets.filter((b) => b.legs.some((l) => isPrematch(l, b.createdAt))).slice(0, BETS_READ);
  const closes = useEventCloses(read.flatMap((b) => b.legs.map((l) => l.eventId)));
  return <ClvList figures={summariseClv(read.map((b) => betClv(b, (id) => closes.get(id)).clv))} />;
}
