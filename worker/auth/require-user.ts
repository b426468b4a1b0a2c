// Middleware for every signed-in route: verifies the bearer access token and puts the
// user in the context. Handlers read the user id only from here.
import { createMiddleware } from "hono/factory";
import { ApiError } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { verifyAccessToken } from "./access-tokens";

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header("Authorization"));
  const user = token ? await verifyAccessToken(c.env, token, Date.now()) : null;
  if (!user) throw new ApiError(401, "unauthenticated", "Please log in again.");
  c.set("user", user);
  await next();
});
