// The Worker's HTTP surface: one Hono app, one sub-app per resource, one error shape.
import { Hono } from "hono";
import { authRoutes } from "./auth/auth-routes";
import { errorJson, handleError } from "./http/api-error";
import type { AppEnv } from "./http/app-types";
import { meRoutes } from "./me/me-routes";

export function createApp() {
  const app = new Hono<AppEnv>().basePath("/api");

  app.get("/health", (c) => c.json({ ok: true }));
  app.route("/auth", authRoutes());
  app.route("/me", meRoutes());

  app.notFound((c) => errorJson(c, 404, "not-found", "No such API route."));
  app.onError(handleError);
  return app;
}
