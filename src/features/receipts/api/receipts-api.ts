// The receipts feature's calls: the player's own receipt of a bet, the site's public receipt
// keys (/.well-known/…, outside /api) and a sealed day's published root. Answers are parsed
// with the shared schemas; a day not sealed yet answers null.
import { ApiError, type ApiClient } from "../../../lib/api-client";
import {
  RECEIPT_KEYS_PATH,
  ReceiptDayRootSchema,
  ReceiptKeysSchema,
  ReceiptSchema,
  type Receipt,
  type ReceiptDayRoot,
  type ReceiptKey,
} from "../../../shared/schemas/receipts";

export function getReceipt(api: ApiClient, id: string): Promise<Receipt> {
  return api.get(`/receipts/${encodeURIComponent(id)}`, ReceiptSchema);
}

export async function getReceiptKeys(): Promise<ReceiptKey[]> {
  const res = await fetch(RECEIPT_KEYS_PATH, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`The site's receipt keys could not be read (HTTP ${res.status}).`);
  return ReceiptKeysSchema.parse(await res.json()).keys;
}

export async function getDayRoot(api: ApiClient, day: string): Promise<ReceiptDayRoot | null> {
  try {
    return await api.get(`/receipts/days/${encodeURIComponent(day)}`, ReceiptDayRootSchema);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
