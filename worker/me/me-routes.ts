// /api/me: the signed-in player's document, and changing their username, public handle
// and profile privacy (handle rules: src/shared/social.ts; 409 `handle-taken`).
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { UpdateMeRequestSchema } from "../../src/shared/schemas/user";
import { requireUser } from "../auth/require-user";
import { findUser } from "../auth/users";
import { getDb } from "../db/database";
import { users } from "../db/schema";
import { ApiError, fromErrorResult, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { setHandle, setHiddenStatement } from "../social/player-profiles";
import { loadUserDocument } from "./user-document";

export function meRoutes() {
  const app = new Hono<AppEnv>();
  app.use(requireUser);

  app.get("/", async (c) => {
    const user = await findUser(getDb(c.env), c.var.user.id);
    if (!user) throw new ApiError(401, "unauthenticated", "Please log in again.");
    return c.json(await loadUserDocument(c.env, user, Date.now()));
  });

  app.patch("/", async (c) => {
    const { displayName, handle, profileHidden } = await readJson(c, UpdateMeRequestSchema);
    const db = getDb(c.env);
    const now = Date.now();
    // The handle first: it is the only change that can be refused (taken or reserved).
    if (handle !== undefined) {
      const result = await setHandle(c.env.DB, c.var.user.id, handle, now);
      if (!result.ok) throw fromErrorResult(result);
    }
    if (profileHidden !== undefined) await setHiddenStatement(c.env.DB, c.var.user.id, profileHidden, now).run();
    const [user] =
      displayName !== undefined
        ? await db.update(users).set({ displayName }).where(eq(users.id, c.var.user.id)).returning()
        : [await findUser(db, c.var.user.id)];
    if (!user) throw new ApiError(401, "unauthenticated", "Please log in again.");
    return c.json(await loadUserDocument(c.env, user, now));
  });

  return app;
}
