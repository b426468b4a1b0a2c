// Middleware for every signed-in route: verifies the bearer access token, checks that its
// sign-in has not been logged out, and puts the user in the context. Handlers read the
// user id only from here.
import { createMiddleware } from "hono/factory";
import { ApiError } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { verifyAccessToken, type VerifiedAccessToken } from "./access-tokens";
import { isSessionLive } from "./session-revocation";

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

/** The access token's user if the token is valid now and its sign-in has not ended (logout). */
export async function authenticate(env: Env, token: string | null, now: number): Promise<VerifiedAccessToken | null> {
  const user = token ? await verifyAccessToken(env, token, now) : null;
  if (!user || !(await isSessionLive(env, user.sessionId, now))) return null;
  return user;
}

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c.env, bearerToken(c.req.header("Authorization")), Date.now());
  if (!user) throw new ApiError(401, "unauthenticated", "Please log in again.");
  c.set("user", { id: user.id, email: user.email, sessionId: user.sessionId });
  await next();
});
