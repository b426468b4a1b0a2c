// Receipts as the API sends them (docs/security.md, "Receipts"): a record signed by the
// Worker (Ed25519 over its RFC 8785 canonical JSON), the salt of its leaf in the day's
// Merkle tree, and once the day is sealed the inclusion proof. Also the public key list
// (/.well-known/vantage-receipt-keys.json) and a day's published root. The envelope
// schemas keep unknown members (looseObject) so a verifier checks the record as it was
// pasted: a member added to it must break the signature, not be dropped before checking.
import { z } from "zod";

export const RECEIPT_FORMAT = "vantage-receipt/1";
export const RECEIPT_KEYS_PATH = "/.well-known/vantage-receipt-keys.json";
export const RECEIPT_KINDS = ["bet", "payout"] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

const hash = z.string().regex(/^[0-9a-f]{64}$/);
export const ReceiptDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A receipt's id: its kind and the id of what it is a receipt of (a bet, a redemption). */
export const ReceiptIdSchema = z.string().regex(/^(bet|payout)-[A-Za-z0-9_.:-]{1,128}$/);

export const ReceiptBetLegSchema = z.looseObject({
  eventId: z.string(),
  league: z.string(),
  market: z.string(),
  side: z.string(),
  line: z.number().nullable(),
  priceAm: z.number(),
  home: z.string(),
  away: z.string(),
  startTime: z.string(),
});

/** What is signed. It names no person beyond the player's own id. */
export const ReceiptRecordSchema = z.looseObject({
  format: z.literal(RECEIPT_FORMAT),
  id: ReceiptIdSchema,
  kind: z.enum(RECEIPT_KINDS),
  subjectId: z.string(),
  userId: z.string(),
  issuedAt: z.iso.datetime(),
  day: ReceiptDaySchema,
  keyId: z.string(),
  /** A bet receipt's bet as placed: amounts in the wallet's smallest unit. */
  bet: z
    .looseObject({
      wallet: z.enum(["coins", "cash"]),
      kind: z.enum(["Singles", "Parlay"]),
      stake: z.number(),
      toWin: z.number(),
      placedAt: z.iso.datetime(),
      legs: z.array(ReceiptBetLegSchema),
    })
    .optional(),
  /** A payout receipt's paid redemption, in Vantage Cash cents. */
  payout: z.looseObject({ amountCents: z.number(), paidAt: z.iso.datetime() }).optional(),
});
export type ReceiptRecord = z.infer<typeof ReceiptRecordSchema>;

export const ProofStepSchema = z.object({ side: z.enum(["left", "right"]), hash });

export const ReceiptProofSchema = z.object({
  day: ReceiptDaySchema,
  index: z.number().int().nonnegative(),
  count: z.number().int().positive(),
  steps: z.array(ProofStepSchema),
  treeRoot: hash,
  previousRoot: hash,
  root: hash,
});
export type ReceiptProof = z.infer<typeof ReceiptProofSchema>;

export const ReceiptSchema = z.looseObject({
  record: ReceiptRecordSchema,
  /** Ed25519 over the record's canonical bytes, base64url. */
  signature: z.string(),
  /** 16 random bytes, hex: salts the record's leaf so a proof's sibling hashes reveal nothing. */
  salt: z.string().regex(/^[0-9a-f]{32}$/),
  /** Null until the receipt's day is sealed (after the UTC day ends). */
  proof: ReceiptProofSchema.nullable(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

export const ReceiptKeySchema = z.object({
  keyId: z.string().min(1),
  algorithm: z.literal("Ed25519"),
  /** The raw public key (RFC 8032), base64url: a JWK's `x`. */
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  validFrom: z.iso.datetime(),
  /** Null while the key still signs. */
  validUntil: z.iso.datetime().nullable(),
});
export type ReceiptKey = z.infer<typeof ReceiptKeySchema>;

export const ReceiptKeysSchema = z.object({ keys: z.array(ReceiptKeySchema) });
export type ReceiptKeys = z.infer<typeof ReceiptKeysSchema>;

/** GET /api/receipts/days/:day: a sealed day's published root. */
export const ReceiptDayRootSchema = z.object({
  day: ReceiptDaySchema,
  root: hash,
  previousRoot: hash,
  treeRoot: hash,
  count: z.number().int().nonnegative(),
  sealedAt: z.iso.datetime(),
});
export type ReceiptDayRoot = z.infer<typeof ReceiptDayRootSchema>;
