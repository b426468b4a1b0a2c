// /api/me: the signed-in player's document, and changing their username. A refused
// username is a 400 whose message is the shared rule's sentence for a player (the same
// one the account page shows before sending), never a field path.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { checkDisplayName } from "../../src/shared/schemas/user";
import { requireUser } from "../auth/require-user";
import { findUser } from "../auth/users";
import { getDb } from "../db/database";
import { users } from "../db/schema";
import { ApiError, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
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
    const body = await readJson(c, z.object({ displayName: z.unknown().optional() }));
    const checked = checkDisplayName(body.displayName);
    if (!checked.ok) throw new ApiError(400, "invalid-argument", checked.message);
    const displayName = checked.name;
    const db = getDb(c.env);
    const [user] = await db.update(users).set({ displayName }).where(eq(users.id, c.var.user.id)).returning();
    if (!user) throw new ApiError(401, "unauthenticated", "Please log in again.");
    return c.json(await loadUserDocument(c.env, user, Date.now()));
  });

  return app;
}
