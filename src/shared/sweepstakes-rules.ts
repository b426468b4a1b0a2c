// The Official Sweepstakes Rules, written from configuration. Vantage Cash is redeemable
// for prizes, so Vantage runs as a sweepstakes: lawful only where no purchase is necessary
// and the rules are published before anyone plays. The rules are generated, never
// hand-edited, so they always state what the Worker enforces today (ages, regions,
// play-through, purchase hold, limits, free entry); the Worker versions each distinct text
// (worker/sweepstakes/rules-versions.ts) and players accept the version in force.
// Pure: configuration in, sections out. To add a rule, add a sentence to a section
// writer below (or a writer to SECTION_WRITERS); a changed text is a new version.
import { DAILY_BONUS, STREAK_BONUS, STREAK_GOAL } from "./bonus";
import { formatAmount, formatMoney, HOUSE_LIMITS } from "./money";
import { PACKS } from "./packs";
import { formatRedemptionDollars, REDEMPTION_MIN_CENTS } from "./schemas/redemptions";

/** What the rules are written from: the operator's tunables (worker/tunables.ts). */
export type RulesConfig = {
  sponsorName: string;
  sponsorAddress: string;
  minAge: number;
  regionMinAge: Readonly<Record<string, number>>;
  restrictedRegions: readonly string[];
  blockedRegions: readonly string[];
  cashPlaythrough: number;
  purchaseHoldDays: number;
  limitRaiseDelayHours: number;
  freeEntryCashCents: number;
  freeEntryCodeDays: number;
};

export type RulesSection = { id: string; title: string; paragraphs: string[] };

/** The placeholder a rules text shows while the sponsor is not configured (production refuses to deploy so). */
export const SPONSOR_NOT_SET = "[sponsor not set]";

const dollars = (cents: number) => formatRedemptionDollars(cents);
const cash = (cents: number) => formatAmount("cash", cents);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** "US-WA, US-ID and FR" */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function sponsorLine(c: RulesConfig): string {
  const name = c.sponsorName.trim() || SPONSOR_NOT_SET;
  const address = c.sponsorAddress.trim() || SPONSOR_NOT_SET;
  return `${name}, ${address}`;
}

type SectionWriter = (c: RulesConfig) => RulesSection;

const sponsor: SectionWriter = (c) => ({
  id: "sponsor",
  title: "1. Sponsor",
  paragraphs: [
    "NO PURCHASE NECESSARY TO TAKE PART OR TO WIN. A PURCHASE DOES NOT IMPROVE YOUR CHANCES. VOID WHERE PROHIBITED.",
    `The Vantage sweepstakes is run by ${sponsorLine(c)} (the "Sponsor"). These Official Sweepstakes Rules govern how Vantage Cash is obtained, played and redeemed for prizes.`,
    "Vantage is an entertainment sportsbook. Coins are play money and can never be redeemed. Vantage Cash has no monetary value and may be redeemed for prizes under these rules.",
  ],
});

const eligibility: SectionWriter = (c) => {
  const higher = Object.entries(c.regionMinAge)
    .filter(([, age]) => age > c.minAge)
    .sort(([a], [b]) => a.localeCompare(b));
  return {
    id: "eligibility",
    title: "2. Who may take part",
    paragraphs: [
      `Open to individuals who are at least ${c.minAge} years old and of the age of majority where they live.`,
      ...(higher.length > 0
        ? [`The minimum age is higher in these places: ${listOf(higher.map(([region, age]) => `${region} (${age})`))}.`]
        : []),
      "Each player confirms their date of birth once, before any Vantage Cash play; an account under the minimum age is closed for play. One account per person.",
    ],
  };
};

const whereVoid: SectionWriter = (c) => ({
  id: "where-void",
  title: "3. Where the sweepstakes is void",
  paragraphs: [
    c.restrictedRegions.length > 0
      ? `The sweepstakes is void in ${listOf(c.restrictedRegions)}: there Vantage Cash cannot be bought, won, bet or redeemed, and Coins play goes on.`
      : "The sweepstakes is void wherever the law prohibits it.",
    ...(c.blockedRegions.length > 0
      ? [`In ${listOf(c.blockedRegions)} Vantage is not offered at all: no bets, bonuses, purchases or redemptions.`]
      : []),
    "Where a new law ends the sweepstakes in a place, players there may redeem the Vantage Cash they hold until the last day shown on the page “Where Vantage Cash is offered”; a balance below the minimum redemption stays in the account and can be redeemed if the sweepstakes is offered there again.",
    "A player whose location cannot be determined plays Coins only: no Vantage Cash can be bought, won, bet or redeemed. Where you are is read from your connection each time you play.",
  ],
});

const freeWays: SectionWriter = (c) => ({
  id: "free-entry",
  title: "4. How to take part without a purchase",
  paragraphs: [
    `Daily bonus: once per Eastern-time day, a signed-in player may claim ${formatMoney("coins", DAILY_BONUS.coins)} Coins and ${cash(DAILY_BONUS.cashCents)}; every ${STREAK_GOAL}th day in a row adds ${formatMoney("coins", STREAK_BONUS.coins)} Coins and ${cash(STREAK_BONUS.cashCents)}.`,
    `Free entry by post: on the Free entry page (/free-entry) a signed-in player gets a single-use request code, valid for ${plural(c.freeEntryCodeDays, "day", "days")}. Handwrite the code, your full name and the e-mail address of your Vantage account on a card and mail it in an envelope to ${sponsorLine(c)}.`,
    `Each card received with a valid code, postmarked while the code is valid, adds ${cash(c.freeEntryCashCents)} to the player's account: one card per code, and at most one card per player per postmark day. Mechanically reproduced, illegible or incomplete cards, and cards for an account that may not play where the player is, receive nothing.`,
    "Vantage Cash obtained without a purchase is the same as Vantage Cash that comes with a purchase and follows the same rules.",
  ],
});

const withPurchase: SectionWriter = (c) => ({
  id: "purchase",
  title: "5. Taking part with a purchase",
  paragraphs: [
    `Coin packs cost ${dollars(PACKS[0]!.amountCents)} to ${dollars(PACKS[PACKS.length - 1]!.amountCents)}; most packs come with Vantage Cash as a free bonus. A purchase buys Coins and does not improve anyone's chances.`,
    `Players may set their own daily, weekly and monthly purchase limits and daily stake limits; lowering a limit takes effect at once, raising or removing one after ${plural(c.limitRaiseDelayHours, "hour", "hours")}.`,
  ],
});

const redeeming: SectionWriter = (c) => ({
  id: "redeeming",
  title: "6. Playing and redeeming Vantage Cash",
  paragraphs: [
    `A Vantage Cash bet stakes ${dollars(HOUSE_LIMITS.cash.minStake)} to ${dollars(HOUSE_LIMITS.cash.maxStake)} and may pay at most ${dollars(HOUSE_LIMITS.cash.maxPayout)}. Winnings are Vantage Cash.`,
    c.cashPlaythrough > 0
      ? `Play-through: bought, bonus and free-entry Vantage Cash must be staked ${plural(c.cashPlaythrough, "time", "times")} in settled bets before it can be redeemed; winnings can be redeemed at once.`
      : "No play-through applies: Vantage Cash can be redeemed once it is in the account.",
    ...(c.purchaseHoldDays > 0
      ? [
          `Vantage Cash bought with a card is held for ${plural(c.purchaseHoldDays, "day", "days")} after it is credited before it can be redeemed.`,
        ]
      : []),
    `The minimum redemption is ${dollars(REDEMPTION_MIN_CENTS)}. A redemption is paid as a prize of $1 for each Vantage Cash to the player's verified payout account.`,
    "The Sponsor verifies each player's identity before their first redemption.",
    "Redemptions wait while one of the player's payments is disputed, after a card issuer's fraud warning on any of the player's payments until the Sponsor has reviewed the account, or while the player owes Vantage Cash from a reversed payment.",
  ],
});

const taxes: SectionWriter = () => ({
  id: "taxes",
  title: "7. Taxes",
  paragraphs: [
    "Prize winners are responsible for any taxes on what they redeem. The Sponsor may ask for the tax information the law requires and reports prizes where it must.",
  ],
});

const winners: SectionWriter = () => ({
  id: "winners",
  title: "8. Winners list",
  paragraphs: [
    'The Sponsor publishes recent paid redemptions at /winners: the date, the amount and the region, under the player\'s public handle or otherwise as "a player in" their region. A name or e-mail address is never published.',
  ],
});

const disputes: SectionWriter = (c) => ({
  id: "disputes",
  title: "9. Conduct and disputes",
  paragraphs: [
    "The Sponsor may void Vantage Cash obtained by fraud, a reversed payment, more than one account, or any breach of these rules, and may freeze an account while it looks into one.",
    `A dispute about the sweepstakes is settled individually, under the law of the Sponsor's place of business. Write to ${sponsorLine(c)}.`,
  ],
});

const changes: SectionWriter = (c) => ({
  id: "contact",
  title: "10. Changes and contact",
  paragraphs: [
    "These rules are versioned. When they change, players are asked to accept the new version before their next Vantage Cash bet, purchase, redemption or bonus claim.",
    `Questions about these rules: ${sponsorLine(c)}.`,
  ],
});

/** Every section, in order. A new rule is a sentence in one of these, or a new writer here. */
const SECTION_WRITERS: readonly SectionWriter[] = [
  sponsor,
  eligibility,
  whereVoid,
  freeWays,
  withPurchase,
  redeeming,
  taxes,
  winners,
  disputes,
  changes,
];

/** The rules' text for this configuration. */
export function buildSweepstakesRules(config: RulesConfig): RulesSection[] {
  return SECTION_WRITERS.map((write) => write(config));
}

/** The exact text the version is keyed on (its hash): the sections as JSON. */
export function rulesContentText(sections: readonly RulesSection[]): string {
  return JSON.stringify(sections.map((s) => [s.id, s.title, s.paragraphs]));
}
