// No prop side offered better than its fair chance, and no set of one player's market's
// offered sides that wins on every outcome. Each (player, market, line) is offered from the
// first preferred book quoting that line, so neighbouring lines can come from different books,
// and placement takes any offered line, not only the main line the game page shows. Over
// 24.5 at +105 from one book beside Under 25.5 at +105 from another wins one of them whatever
// the player scores (both at 25): 100 on each returns at least 205. Two rules, in order
// (normaliseProps applies both to every game's props, so the game page, placement and
// cash-out all see them):
//
// 1. Fair lock, as src/shared/fair-lock.ts locks a game's side: a side whose offered price
//    implies less than its fair chance at its line (1/d < p, the consensus of the books
//    quoting that line) is locked: its price null and its margin null, its fair p kept. The
//    game page shows it Locked ("No price now"), as it shows a locked game side.
//
// 2. No cover across lines. Over A wins (or pushes) on every integer x ≥ ⌈A⌉ and Under B on
//    every x ≤ ⌊B⌋, so the two cover every outcome when ⌈A⌉ ≤ ⌊B⌋ + 1 (A ≤ B for half
//    lines). Such a pair at implied chances q_O + q_U < 1 returns more than its stakes
//    whatever the player does: the sure profit of the example. At exactly q_O + q_U = 1 it
//    returns the stakes at worst, and more where both win (or one wins as the other pushes):
//    a free roll, withdrawn too (isRiskFreePair); Over and Under of one line at even prices
//    return the stakes everywhere and stay. Checking pairs is enough:
//    read a whole line's push as a win (a bet paying its price where it pushed pays more,
//    so a set with no sure profit so read has none as settled). Then every side is a
//    threshold bet, "x ≥ t" at q or "x ≤ u" at r, on the integers, and by LP duality a set of
//    them has no sure profit exactly when some distribution of x gives each side a chance at
//    most its q. With G(s) = P(x ≥ s), that asks G(t) ≤ q of each Over and G(u + 1) ≥ 1 − r of
//    each Under for one non-increasing G. The smallest such G, G(s) = max(0, max of 1 − r over
//    the Unders with u + 1 ≥ s), is non-increasing and meets every Over's bound exactly when
//    q + r ≥ 1 for every Over and Under with t ≤ u + 1 (the rest of the mass goes below every
//    line, where no Over wins and every Under does, which touches no bound). So a set of one
//    player's market's sides is a sure profit only if one of its (Over, Under) pairs is.
//    test/unit/props-no-sure-profit.test.ts checks it against a linear programme over the
//    outcomes, pushes settled as pushes.
//    Resolution: the sides of one (player, market) are kept in order, main line
//    (mainLineProps) first, then the other lines nearest to it (the lower first at equal
//    distance), Over before Under; a side forming such a pair with a side already kept is
//    withdrawn (locked as above). So this rule takes a side of the main line the game page
//    shows only when that line's own two prices imply less than 1 together (no real book's
//    do), and a side withdrawn is on a line that disagrees with one kept before it (nearer the
//    main line, or as near and lower). (The other choice, every line
//    of a market from one book, would move the prices the preference picks, and one book's
//    alternate lines can still disagree with the consensus; locking holds whatever the books.)
import { decimalOdds } from "../odds";
import { paysMoreThanFair } from "../fair-lock";
import type { FairSide } from "../schemas/events";
import type { Prop } from "../schemas/props";

type Side = "over" | "under";

/** The chance an offered American price implies: 1/d. */
const impliedBy = (priceAm: number) => 1 / decimalOdds(priceAm);

/** True when the offered price pays more than fair: 1/d below the side's fair chance (fair-lock.ts's rule for a game's side). */
export function propSideBetterThanFair(priceAm: number | null, fair: FairSide | null): boolean {
  return priceAm !== null && fair !== null && paysMoreThanFair(priceAm, fair.p);
}

/**
 * Whether Over `overLine` and Under `underLine` of one player's market together win or push
 * on every integer outcome: Over wins or pushes on x ≥ ⌈overLine⌉, Under on x ≤ ⌊underLine⌋.
 */
export function linesCoverEveryOutcome(overLine: number, underLine: number): boolean {
  return Math.ceil(overLine) <= Math.floor(underLine) + 1;
}

/** How far two implied chances may sum above 1 and still count as exactly 1 (American prices' decimals are inexact). */
const EVEN_SLACK = 1e-12;

/**
 * Whether Over at one line and Under at another, at these prices, are risk-free together:
 * they return more than their stakes on every outcome (pushes read as wins, implied chances
 * summing below 1), or, summing to exactly 1, never less and more on one outcome: a free
 * roll, where both win or one wins as the other pushes (Over 24.5 and Under 25.5 at +100
 * each: the stakes back everywhere, double at 25). Over and Under of one line at +100 each
 * return the stake on every outcome, which is no free roll.
 */
export function isRiskFreePair(over: { line: number; priceAm: number }, under: { line: number; priceAm: number }): boolean {
  if (!linesCoverEveryOutcome(over.line, under.line)) return false;
  const implied = impliedBy(over.priceAm) + impliedBy(under.priceAm);
  if (implied < 1) return true;
  // Some outcome where neither loses and not both push: an integer from ⌈Over⌉ to ⌊Under⌋
  // other than one whole line both share.
  const bothHold = Math.ceil(over.line) <= Math.floor(under.line) && !(over.line === under.line && Number.isInteger(over.line));
  return bothHold && implied <= 1 + EVEN_SLACK;
}

/** The prop with `side` locked (price null, its margin null); its fair chance stands. */
function withLocked(prop: Prop, side: Side): Prop {
  if (side === "over") {
    return { ...prop, prices: { ...prop.prices, over: null }, fair: { ...prop.fair, over: { ...prop.fair.over, margin: null } } };
  }
  const under = prop.fair.under && { ...prop.fair.under, margin: null };
  return { ...prop, prices: { ...prop.prices, under: null }, fair: { ...prop.fair, under } };
}

/** Rule 1: the prop with each side offered better than its fair chance locked; the same object when none is. */
function fairLocked(prop: Prop): Prop {
  let locked = prop;
  if (propSideBetterThanFair(prop.prices.over, prop.fair.over)) locked = withLocked(locked, "over");
  if (propSideBetterThanFair(prop.prices.under, prop.fair.under)) locked = withLocked(locked, "under");
  return locked;
}

/**
 * Rule 2 on one player's over/under market (all its lines, `main` among them): the sides
 * to withdraw, as `${index}:${side}` of `market`.
 */
function withdrawnAcrossLines(market: readonly Prop[], main: Prop | undefined): Set<string> {
  const mainLine = main?.line ?? market[0]?.line ?? 0;
  const order = market
    .map((prop, index) => ({ prop, index }))
    .sort(
      (a, b) =>
        Number(b.prop === main) - Number(a.prop === main) ||
        Math.abs(a.prop.line! - mainLine) - Math.abs(b.prop.line! - mainLine) ||
        a.prop.line! - b.prop.line!,
    );
  const kept: { side: Side; line: number; priceAm: number }[] = [];
  const withdrawn = new Set<string>();
  for (const { prop, index } of order) {
    for (const side of ["over", "under"] as const) {
      const priceAm = prop.prices[side];
      if (priceAm === null) continue;
      const offered = { side, line: prop.line!, priceAm };
      const sure = kept.some((other) =>
        side === "over"
          ? other.side === "under" && isRiskFreePair(offered, other)
          : other.side === "over" && isRiskFreePair(other, offered),
      );
      if (sure) withdrawn.add(`${index}:${side}`);
      else kept.push(offered);
    }
  }
  return withdrawn;
}

/**
 * Both rules over one game's props (see this file's header), `mainLines` the props the game
 * page shows (mainLineProps of the same list). Keeps their order; a prop with no side locked
 * is the same object.
 */
export function lockProps(props: readonly Prop[], mainLines: readonly Prop[]): Prop[] {
  const locked = props.map(fairLocked);
  const mainOf = new Map(mainLines.map((prop) => [`${prop.player.id}\u0000${prop.marketKey}`, prop.propId]));
  const markets = new Map<string, number[]>();
  locked.forEach((prop, i) => {
    if (prop.kind !== "over-under" || prop.line === null) return;
    const key = `${prop.player.id}\u0000${prop.marketKey}`;
    markets.set(key, [...(markets.get(key) ?? []), i]);
  });
  for (const [key, indexes] of markets) {
    const market = indexes.map((i) => locked[i]!);
    const main = market.find((prop) => prop.propId === mainOf.get(key));
    for (const entry of withdrawnAcrossLines(market, main)) {
      const [at, side] = entry.split(":") as [string, Side];
      const i = indexes[Number(at)]!;
      locked[i] = withLocked(locked[i]!, side);
    }
  }
  return locked;
}
