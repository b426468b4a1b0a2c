// GET /api/receipts/:id: a player's own receipt (a bet's or a paid redemption's), issued on
// first read when its write at placement or payment never landed, with its inclusion proof
// once its day is sealed. GET /api/receipts/days/:day: a sealed day's published root,
// public and readable from every site (CORS), so anyone can check a receipt's proof against
// what the site committed to.
import { Hono } from "hono";
import { ReceiptDaySchema, ReceiptIdSchema, type Receipt, type ReceiptDayRoot } from "../../src/shared/schemas/receipts";
import { requireUser } from "../auth/require-user";
import { receiptSigningKey } from "../config";
import { ApiError, parseWith } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { cachePublicly } from "../http/cache-control";
import { limitPublicReads } from "../http/rate-limit";
import { tunables } from "../tunables";
import { receiptFor } from "./issue";
import { dayRootOf, proofFor, sealedDay } from "./seal";

export function receiptsRoutes(now: () => number = Date.now) {
  const app = new Hono<AppEnv>();

  app.get("/receipts/days/:day", limitPublicReads, async (c) => {
    const day = parseWith(ReceiptDaySchema, c.req.param("day"));
    const row = await sealedDay(c.env.DB, day);
    if (!row) throw new ApiError(404, "not-found", "That day is not sealed yet.");
    cachePublicly(c, tunables(c.env).SOCIAL_CACHE_SECONDS, "receipt-days");
    // Every site may read it, like the keys: a verifier elsewhere checks receipts against it.
    c.header("Access-Control-Allow-Origin", "*");
    return c.json(dayRootOf(row) satisfies ReceiptDayRoot);
  });

  app.get("/receipts/:id", requireUser, async (c) => {
    const id = parseWith(ReceiptIdSchema, c.req.param("id"));
    const key = receiptSigningKey(c.env);
    const stored = await receiptFor(c.env.DB, key, id, c.var.user.id, now());
    if (!stored) {
      if (!key) throw new ApiError(503, "not-configured", "Receipts are not configured on this server.");
      throw new ApiError(404, "not-found", "No such receipt.");
    }
    const body: Receipt = {
      record: JSON.parse(stored.record_json),
      signature: stored.signature,
      salt: stored.salt,
      proof: await proofFor(c.env.DB, stored.id, stored.day),
    };
    return c.json(body);
  });

  return app;
}
