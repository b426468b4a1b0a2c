// Bet documents as the API and the live socket send them (spec §3 "Bet document"),
// plus the place-bet payload. Amounts are integers of the wallet's smallest unit
// (coins, or Vantage Cash cents); `amount` in the place-bet payload is in whole
// displayed units as the player typed it, converted with src/shared/money.ts.
import { z } from "zod";
import { SPORT_KEYS } from "../sports";
import { SUSPENSION_REASONS } from "../suspension-reasons";
import { GameModelSchema } from "./game-model";
import { WalletBalancesSchema } from "./user";

export const MARKETS = ["Moneyline", "Spread", "Total", "Prop"] as const;
/**
 * `Draw` is a Moneyline side only where a draw is possible (soccer's 3-way price). A Prop
 * (a player's market, src/shared/schemas/props.ts) is Over or Under its line, or Yes.
 */
export const SIDES = ["Home", "Away", "Over", "Under", "Draw", "Yes"] as const;
/** The board's three markets of a game (a Prop is a player's, on the game page). */
export const GAME_MARKETS = ["Moneyline", "Spread", "Total"] as const;
export type GameMarket = (typeof GAME_MARKETS)[number];
export const LEG_RESULTS = ["win", "loss", "push", "void"] as const;
/** A bet's result: a leg's, or `cashed_out` when the player cashed out the whole stake before it was graded. */
export const BET_RESULTS = [...LEG_RESULTS, "cashed_out"] as const;
export type Market = (typeof MARKETS)[number];
export type Side = (typeof SIDES)[number];
export type LegResult = (typeof LEG_RESULTS)[number];
export type BetResult = (typeof BET_RESULTS)[number];

/** Which player's market a Prop leg is on: the player's id and name as offered, the feed's market key and its label. */
export const PropLegSchema = z.object({
  playerId: z.string(),
  player: z.string(),
  marketKey: z.string(),
  label: z.string(),
});
export type PropLeg = z.infer<typeof PropLegSchema>;

export const BetLegSchema = z.object({
  eventId: z.string(),
  league: z.enum(SPORT_KEYS),
  market: z.enum(MARKETS),
  side: z.enum(SIDES),
  line: z.number().nullable(),
  priceAm: z.number().int(),
  home: z.string(),
  away: z.string(),
  startTime: z.string(),
  /** The side's fair probability when the bet was placed (src/shared/fair-odds.ts); absent when the market had none. */
  fairP: z.number().gt(0).lt(1).optional(),
  /** A Prop leg's player and market; absent on the game's own markets. */
  prop: PropLegSchema.optional(),
});
export type BetLeg = z.infer<typeof BetLegSchema>;

/**
 * Legs of one game inside a parlay, priced together from the game's score model: the block
 * pays at `priceAm` in place of its legs' own prices. `chance` is the model's chance that
 * they all win (src/shared/game-model/chance.ts); the model and margin are kept so a pushed
 * or void leg re-prices the rest of the block from them.
 */
export const SameGameBlockSchema = z.object({
  eventId: z.string(),
  /** Indexes into the bet's legs. */
  legs: z.array(z.number().int().nonnegative()).min(2),
  priceAm: z.number().int(),
  chance: z.number().gt(0).lte(1),
  margin: z.number().min(0).max(0.5),
  model: GameModelSchema,
  /**
   * An anytime goalscorer among the block's legs: which leg (an index into the bet's legs),
   * his team and his fitted share of its goals (src/shared/game-model/chance.ts), kept so a
   * pushed or void leg re-prices the rest from the same numbers.
   */
  scorer: z.object({ leg: z.number().int().nonnegative(), team: z.enum(["home", "away"]), share: z.number().gt(0).lt(1) }).optional(),
});
export type SameGameBlock = z.infer<typeof SameGameBlockSchema>;

export const BetDocumentSchema = z.object({
  id: z.string(),
  /** Bets placed by one confirmed slip share a slipId (Singles make one bet per pick). */
  slipId: z.string(),
  wallet: z.enum(["coins", "cash"]),
  kind: z.enum(["Singles", "Parlay"]),
  status: z.enum(["open", "settled"]),
  result: z.enum(BET_RESULTS).nullable(),
  stake: z.number().int().nonnegative(),
  toWin: z.number().int().nonnegative(),
  payoutPaid: z.number().int().nonnegative(),
  createdAt: z.number().int(),
  settledAt: z.number().int().nullable(),
  legs: z.array(BetLegSchema).min(1),
  legResults: z.array(z.enum(LEG_RESULTS).nullable()),
  /**
   * What was cashed out of this bet: the share of the stake (minor units) and what it paid.
   * The rest of the stake (`stake − cashOut.stake`) stays open and is graded as usual;
   * `payoutPaid` counts both. Absent when nothing was cashed out.
   */
  cashOut: z.object({ stake: z.number().int().positive(), paid: z.number().int().nonnegative() }).optional(),
  /** A parlay's same-game blocks; absent when no two legs share a game. */
  sameGame: z.array(SameGameBlockSchema).optional(),
});
export type BetDocument = z.infer<typeof BetDocumentSchema>;

/** Hard bounds on what a place-bet request may carry (house limits are checked later). */
export const PLACE_BET_MAX_PICKS = 20;
export const ID_MAX_LENGTH = 128;

/** One selection of the place-bet payload (spec §3). */
export const PlaceBetPickSchema = z.object({
  eventId: z.string().min(1).max(ID_MAX_LENGTH),
  league: z.enum(SPORT_KEYS),
  market: z.enum(MARKETS),
  side: z.enum(SIDES),
  line: z.number().min(-1000).max(1000).nullable(),
  priceAm: z.number().int().min(-1_000_000).max(1_000_000),
  /** A Prop pick's player and market key (its name and label come from the Worker's props, never the client). */
  playerMarket: z.object({ playerId: z.string().min(1).max(ID_MAX_LENGTH), marketKey: z.string().min(1).max(64) }).optional(),
});
export type PlaceBetPick = z.infer<typeof PlaceBetPickSchema>;

/**
 * POST /api/placeBet body (spec §3 "Place-bet payload"). `amount` is in whole displayed
 * units as typed (Coins whole, Vantage Cash up to 2 decimals); it is deliberately not
 * range-checked here so the spec's ordered messages ('Enter a valid amount.', …) answer.
 */
export const PlaceBetRequestSchema = z.object({
  kind: z.enum(["Singles", "Parlay"]),
  wallet: z.enum(["coins", "cash"]),
  amount: z.number(),
  picks: z.array(PlaceBetPickSchema).max(PLACE_BET_MAX_PICKS),
  /** A Parlay's price for each game with two or more picks, as the slip showed it (checked like every price). */
  sameGame: z
    .array(z.object({ eventId: z.string().min(1).max(ID_MAX_LENGTH), priceAm: z.number().int().min(-1_000_000).max(1_000_000) }))
    .max(PLACE_BET_MAX_PICKS)
    .optional(),
});
export type PlaceBetRequest = z.infer<typeof PlaceBetRequestSchema>;

export const PlaceBetResponseSchema = z.object({
  bets: z.array(BetDocumentSchema),
  balances: WalletBalancesSchema,
});
export type PlaceBetResponse = z.infer<typeof PlaceBetResponseSchema>;

/** `details` of the 409 `price-changed` answer: the current price and line of every pick. */
export const CurrentPickPriceSchema = z.object({
  eventId: z.string(),
  market: z.enum(MARKETS),
  side: z.enum(SIDES),
  priceAm: z.number().int().nullable(),
  line: z.number().nullable(),
  locked: z.boolean(),
});
export type CurrentPickPrice = z.infer<typeof CurrentPickPriceSchema>;
/** The current price of a Parlay's same-game block; null when its picks can no longer be combined. */
export const CurrentSameGamePriceSchema = z.object({ eventId: z.string(), priceAm: z.number().int().nullable() });
export type CurrentSameGamePrice = z.infer<typeof CurrentSameGamePriceSchema>;
export const PriceChangedDetailsSchema = z.object({
  picks: z.array(CurrentPickPriceSchema),
  sameGame: z.array(CurrentSameGamePriceSchema).optional(),
});
export type PriceChangedDetails = z.infer<typeof PriceChangedDetailsSchema>;

/** A refusal carrying every pick's current price: 409 `price-changed`, or 400 `selection-locked`. */
export const PriceRefusalSchema = z.object({
  error: z.object({ code: z.enum(["price-changed", "selection-locked"]), message: z.string(), details: PriceChangedDetailsSchema }),
});

/** `details` of the 409 `market-suspended` answer: every pick's current price, and the leg the live rules refused and why. */
export const MarketSuspendedDetailsSchema = PriceChangedDetailsSchema.extend({
  leg: z.object({ eventId: z.string(), market: z.enum(MARKETS), side: z.enum(SIDES), reason: z.enum(SUSPENSION_REASONS) }),
});
export type MarketSuspendedDetails = z.infer<typeof MarketSuspendedDetailsSchema>;

/** 409 `market-suspended`: a live leg the live rules hold back, with every pick's current price. */
export const MarketSuspendedRefusalSchema = z.object({
  error: z.object({ code: z.literal("market-suspended"), message: z.string(), details: MarketSuspendedDetailsSchema }),
});

/** The Idempotency-Key header POST /api/placeBet requires (one per confirmed slip). */
export const IdempotencyKeySchema = z
  .string()
  .min(8, "Idempotency-Key must be 8 to 128 characters.")
  .max(128, "Idempotency-Key must be 8 to 128 characters.")
  .regex(/^[A-Za-z0-9._:-]+$/, "Idempotency-Key may only use letters, digits and . _ : -");

/** GET /api/bets query: newest first, optional wallet and status filters, cursor paging. */
export const BETS_PAGE_DEFAULT = 50;
export const BETS_PAGE_MAX = 100;
export const BetsQuerySchema = z.object({
  wallet: z.enum(["coins", "cash"]).optional(),
  status: z.enum(["open", "settled"]).optional(),
  limit: z.coerce.number().int().min(1).max(BETS_PAGE_MAX).default(BETS_PAGE_DEFAULT),
  cursor: z.string().min(1).max(200).optional(),
});

export const BetsPageSchema = z.object({
  bets: z.array(BetDocumentSchema),
  nextCursor: z.string().nullable(),
});
export type BetsPage = z.infer<typeof BetsPageSchema>;

/** What GET /api/live pushes: the user document's balances, and bets that changed. */
export const LiveMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("balances"), balances: WalletBalancesSchema }),
  z.object({ type: z.literal("bets"), bets: z.array(BetDocumentSchema) }),
]);
export type LiveMessage = z.infer<typeof LiveMessageSchema>;
