// Early answers (401 before auth, 403 foreign origin, 429, 404…) often never read the
// request body. Left unread on a keep-alive connection, those bytes desynchronise the
// local runtime's HTTP framing and the next request on the socket can hang (seen as a
// browser navigation stalling after a POST /api/auth/refresh 401). Reading what is left
// of a small body before the response goes out keeps the connection clean; a large
// unread body is not worth reading, so its connection is closed instead.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-types";

/** As large as the largest body a route accepts (the Stripe webhook's 256 KB). */
const MAX_DRAIN_BYTES = 256 * 1024;

export const drainUnreadRequestBody = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const raw = c.req.raw;
  if (!raw.body || raw.bodyUsed) return;
  // Only a declared small length is read: a body without Content-Length (chunked) may
  // be any size, so it is cancelled like a large one.
  const declared = raw.headers.get("Content-Length");
  const length = declared === null || declared.trim() === "" ? Number.NaN : Number(declared);
  if (Number.isFinite(length) && length <= MAX_DRAIN_BYTES) {
    await raw.arrayBuffer().catch(() => undefined);
  } else {
    await raw.body.cancel().catch(() => undefined);
    c.res.headers.set("Connection", "close");
  }
});
