// Same-game parlays on the slip: in a Parlay, the picks on one game are one block priced
// together from that game's score model (src/shared/same-game.ts), the price the Worker
// takes. That pricing code carries every sport's score model, so it is loaded on demand,
// only once a Parlay holds two picks of one game: the board's first load never pays for
// it. Until it arrives the block says "Pricing…" on the line its price will take, so
// nothing moves when it lands. A 409 `price-changed` may carry a block's current price,
// which then replaces the slip's own until the block's picks or their game's model change
// (the slip follows the board's model: a block re-prices from it). A block whose price moved
// since the player last saw it shows the move until the player confirms (accept). An anytime
// goalscorer from the game page joins his game's block, priced from his team and fair chance.
import { useEffect, useMemo, useState, type ReactNode } from "react";
import type { BetslipMode, BetslipPick } from "../../../shared/betslip";
import { formatMargin, legMargin } from "../../../shared/fair-odds";
import { isUnderway } from "../../../shared/live-rules";
import { formatPrice, type OddsFormat } from "../../../shared/odds";
import type { SameGamePick } from "../../../shared/same-game";
import type { CurrentSameGamePrice } from "../../../shared/schemas/bets";
import { MovedPrice } from "./moved-price";

type SameGameModule = typeof import("../../../shared/same-game");

/** The pricing module once loaded: a slip mounted later shows its blocks priced at once. */
let loadedModule: SameGameModule | null = null;

async function loadSameGame(): Promise<SameGameModule> {
  const loaded = await import("../../../shared/same-game");
  loadedModule = loaded;
  return loaded;
}

/** Said when the pricing code could not be fetched (a dropped connection, a new release). */
export const SAME_GAME_LOAD_FAILED = "Same-game prices couldn’t load.";
/** Read out as the reason Place is unavailable while a block is being priced. */
export const SAME_GAME_PRICING = "Pricing…";
/** A block the server no longer prices (its 409 gave no price for it). */
const NO_LONGER_OFFERED = "Same-game parlays aren’t offered on this game right now.";

/** A game with two or more picks in a Parlay: its legs (indexes into the slip's picks) and how it is priced. */
export type SlipBlock = { eventId: string; legs: number[]; home: string; away: string } & (
  | { status: "loading" }
  | { status: "failed" }
  | { status: "refused"; message: string }
  | {
      status: "ok";
      priceAm: number;
      /** The chance every leg wins (the block's fair probability); null when the price came from the server alone. */
      chance: number | null;
      fairAm: number | null;
      margin: number | null;
      /** The price the player last saw, when it has moved since. */
      movedFrom?: number;
    }
);
export type PricedBlock = Extract<SlipBlock, { status: "ok" }>;

/** The slip's games with two or more picks, in slip order: what would be a block in a Parlay. */
function gamesWithSeveralPicks(picks: readonly BetslipPick[]): { eventId: string; legs: number[] }[] {
  const byGame = new Map<string, number[]>();
  picks.forEach((pick, i) => {
    byGame.set(pick.gameId, [...(byGame.get(pick.gameId) ?? []), i]);
  });
  return [...byGame].filter(([, legs]) => legs.length >= 2).map(([eventId, legs]) => ({ eventId, legs }));
}

/**
 * An anytime goalscorer as the block pricing reads him: his team and his fair chance to
 * score, as the game page showed them. Without both he is refused in a block, like every
 * other player's market.
 */
function scorerOf(pick: BetslipPick, pricing: SameGameModule): Pick<SameGamePick, "scorer"> {
  const scorer = pricing.anytimeScorer(pick.prop?.marketKey, pick.teamKey, pick.fairP);
  return scorer ? { scorer } : {};
}

/** Which picks a block is: the price the player saw belongs to it while they stay the same. */
function blockKey(picks: readonly BetslipPick[], legs: readonly number[]): string {
  return legs
    .map((i) => picks[i]!.uid)
    .sort()
    .join("|");
}

/** The game's model as the slip has it (its latest pick's): a server price holds only while it stays. */
function modelStamp(picks: readonly BetslipPick[], eventId: string): string {
  return JSON.stringify(picks.findLast((p) => p.gameId === eventId)?.sameGame ?? null);
}

/**
 * The slip's same-game blocks (none outside a Parlay), loading the pricing when the first
 * one appears. `skewMs` is the feed's clock against ours (a game has started once its
 * start time has passed on it).
 */
export function useSameGameBlocks(
  picks: readonly BetslipPick[],
  mode: BetslipMode,
  skewMs: number,
): { blocks: SlipBlock[]; retry(): void; applyServerPrices(prices: readonly CurrentSameGamePrice[]): void; accept(): void } {
  const groups = useMemo(() => (mode === "Parlay" ? gamesWithSeveralPicks(picks) : []), [mode, picks]);
  const [pricing, setPricing] = useState<SameGameModule | null>(loadedModule);
  const [failed, setFailed] = useState(false);
  const wanted = groups.length > 0;

  useEffect(() => {
    if (!wanted || pricing || failed) return;
    let current = true;
    loadSameGame().then(
      (loaded) => {
        if (current) setPricing(loaded);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, pricing, failed]);

  const [serverPrices, setServerPrices] = useState<{ key: string; priceAm: number | null }[]>([]);
  const legKeys = groups.map((g) => blockKey(picks, g.legs));
  const keys = groups.map((g, i) => `${legKeys[i]}#${modelStamp(picks, g.eventId)}`);
  const keysText = keys.join(" ");
  // A server price stops applying as soon as its block's picks or model change (even if they come back).
  useEffect(() => {
    const live = new Set(keysText.split(" "));
    setServerPrices((prices) => (prices.every((p) => live.has(p.key)) ? prices : prices.filter((p) => live.has(p.key))));
  }, [keysText]);

  const quotes = useMemo(() => {
    if (!pricing || groups.length === 0) return [];
    const feedNow = Date.now() + skewMs;
    return pricing.quoteSameGame(
      "Parlay",
      picks.map((p) => ({ eventId: p.gameId, market: p.market, side: p.side, line: p.line, ...scorerOf(p, pricing) })),
      (eventId) => {
        // The game as the board showed it last: the most recent pick on it.
        const latest = picks.findLast((p) => p.gameId === eventId);
        return latest && { sameGame: latest.sameGame, started: isUnderway({ status: "scheduled", startTime: latest.startTime }, feedNow) };
      },
    );
  }, [pricing, groups, picks, skewMs]);

  const priced = groups.map((group, i): SlipBlock => {
    const first = picks[group.legs[0]!]!;
    const base = { eventId: group.eventId, legs: group.legs, home: first.home, away: first.away };
    if (!pricing) return { ...base, status: failed ? "failed" : "loading" };
    const quote = quotes.find((q) => q.eventId === group.eventId);
    if (!quote) return { ...base, status: "loading" };
    const server = serverPrices.find((p) => p.key === keys[i]);
    const started = !quote.ok && quote.message === pricing.SAME_GAME_MESSAGES.started;
    if (server && !started) {
      if (server.priceAm === null) return { ...base, status: "refused", message: NO_LONGER_OFFERED };
      const chance = quote.ok ? quote.chance : null;
      return {
        ...base,
        status: "ok",
        priceAm: server.priceAm,
        chance,
        fairAm: quote.ok ? quote.fairAm : null,
        margin: chance === null ? null : legMargin(chance, server.priceAm),
      };
    }
    if (!quote.ok) return { ...base, status: "refused", message: quote.message };
    return { ...base, status: "ok", priceAm: quote.priceAm, chance: quote.chance, fairAm: quote.fairAm, margin: quote.margin };
  });

  // The price the player saw of each block: its first, until they confirm; kept while its picks stay.
  const [seen, setSeen] = useState<ReadonlyMap<string, number>>(() => new Map());
  const pricesNow = priced.map((b, i): [string, number | null] => [legKeys[i]!, b.status === "ok" ? b.priceAm : null]);
  const pricesText = JSON.stringify(pricesNow);
  useEffect(() => {
    const now = JSON.parse(pricesText) as [string, number | null][];
    setSeen((old) => {
      const next = new Map<string, number>();
      for (const [key, price] of now) {
        const was = old.get(key) ?? price;
        if (was !== null) next.set(key, was);
      }
      return next.size === old.size && [...next].every(([key, price]) => old.get(key) === price) ? old : next;
    });
  }, [pricesText]);
  const blocks = priced.map((b, i): SlipBlock => {
    const was = seen.get(legKeys[i]!);
    return b.status === "ok" && was !== undefined && was !== b.priceAm ? { ...b, movedFrom: was } : b;
  });
  const accept = () => setSeen(new Map(pricesNow.filter((p): p is [string, number] => p[1] !== null)));

  const applyServerPrices = (prices: readonly CurrentSameGamePrice[]) => {
    const next = groups.flatMap((group, i) => {
      const price = prices.find((p) => p.eventId === group.eventId);
      return price ? [{ key: keys[i]!, priceAm: price.priceAm }] : [];
    });
    if (next.length > 0) setServerPrices((old) => [...old.filter((p) => !next.some((n) => n.key === p.key)), ...next]);
  };

  return { blocks, retry: () => setFailed(false), applyServerPrices, accept };
}

/** The id of the line that says how a block stands (its pricing, or why it cannot be placed). */
export function blockStatusId(index: number): string {
  return `betslip-same-game-${index}-status`;
}

/**
 * One same-game block on the slip: a labelled group of its picks with the block's price
 * (reserved while it loads), its fair price and margin under "Show fair odds", or the
 * sentence saying why these picks cannot be combined.
 */
export function SameGameBlockView({
  block,
  index,
  format,
  showFair,
  onRetry,
  children,
}: {
  block: SlipBlock;
  index: number;
  format: OddsFormat;
  showFair: boolean;
  onRetry(): void;
  children: ReactNode;
}) {
  const titleId = `betslip-same-game-${index}-title`;
  const statusId = blockStatusId(index);
  const loading = block.status === "loading";
  return (
    <li className="betslip-block">
      <div role="group" aria-labelledby={titleId} aria-busy={loading} className={`betslip-block-group is-${block.status}`}>
        <div className="betslip-block-head">
          <span id={titleId} className="betslip-block-title">
            Same-game parlay{" "}
            <span className="betslip-block-teams muted">
              {block.away} @ {block.home}
            </span>
          </span>
          {block.status === "ok" ? (
            <span className="betslip-block-price betslip-pick-price tabular">
              <span className="visually-hidden">Same-game price </span>
              <MovedPrice from={block.movedFrom} to={block.priceAm} format={format} />
            </span>
          ) : (
            <span id={loading ? statusId : undefined} className="betslip-block-price is-pending muted tabular">
              {loading ? SAME_GAME_PRICING : "—"}
            </span>
          )}
        </div>
        {showFair && block.status === "ok" && block.margin !== null && (
          <div className="betslip-pick-margin betslip-block-fair muted tabular">
            Fair {block.fairAm === null ? "—" : formatPrice(block.fairAm, format)} · House margin {formatMargin(block.margin)}{" "}
            <span className="visually-hidden">on this same-game parlay</span>
          </div>
        )}
        {showFair && loading && (
          // Holds the fair-price line's place while the price loads.
          <div className="betslip-pick-margin betslip-block-fair" aria-hidden="true">
            &nbsp;
          </div>
        )}
        {block.status === "refused" && (
          <p id={statusId} className="betslip-block-error error-text" role="alert">
            {block.message}
          </p>
        )}
        {block.status === "failed" && (
          <div className="betslip-block-failed">
            <p id={statusId} className="betslip-block-error error-text" role="alert">
              {SAME_GAME_LOAD_FAILED}
            </p>
            <button type="button" className="btn btn-sm" onClick={onRetry}>
              Try again
            </button>
          </div>
        )}
        <ul className="stack-list betslip-block-legs" aria-label="Picks in this same-game parlay">
          {children}
        </ul>
      </div>
    </li>
  );
}
