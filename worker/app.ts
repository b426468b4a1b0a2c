// The Worker's HTTP surface: one Hono app, one sub-app per resource, one error shape.
import { Hono } from "hono";
import { authRoutes } from "./auth/auth-routes";
import { limitSignIn } from "./auth/sign-in-failure";
import { errorJson, handleError } from "./http/api-error";
import type { AppEnv } from "./http/app-types";
import { limitRequestBodies } from "./http/body-limit";
import { drainUnreadRequestBody } from "./http/drain-request-body";
import { sameOriginWrites, securityHeaders } from "./http/security";
import { meRoutes } from "./me/me-routes";
import { playRoutes } from "./play/play-routes";
import { loadUserDocument } from "./me/user-document";
import { oddsRoutes } from "./odds/events-routes";
import { devRoutes } from "./dev/dev-routes";
import { betsRoutes } from "./bets/bets-routes";
import { cashOutRoutes } from "./cash-out/cash-out-routes";
import { pricingRoutes } from "./pricing/pricing-routes";
import { liveRoutes } from "./live/live-routes";
import { bonusRoutes } from "./bonus/bonus-routes";
import { paymentsRoutes, STRIPE_WEBHOOK_PATH } from "./payments/payments-routes";
import { adminRoutes } from "./admin/admin-routes";
import { realDeps, type AppDeps } from "./http/app-deps";
import { socialRoutes } from "./social/social-routes";
import { clvRoutes } from "./clv/clv-routes";
import { identityRoutes } from "./identity/identity-routes";
import { sweepstakesPublicRoutes } from "./sweepstakes/public-routes";
import { freeEntryRoutes } from "./sweepstakes/free-entry-routes";
import { shareCardRoutes } from "./share-cards/share-card-routes";
import { pushRoutes } from "./push/push-routes";
import { receiptsRoutes } from "./receipts/receipts-routes";
import { devPushRoutes } from "./dev/push-service";
import { createOddsReader, type OddsDeps } from "./odds/odds-service";
import { recordFinals } from "./settlement/record-finals";
import { observeRequests } from "./metrics/observe-requests";
import { loadRegionEntries } from "./protection/region-entries";

export function createApp(deps: AppDeps & OddsDeps = realDeps) {
  const app = new Hono<AppEnv>().basePath("/api");
  // One odds reader per app, that is per isolate: its memo of boards, and the desks it asks
  // (in-process desks, over a feed given in code, record finals through settlement's step).
  const odds = createOddsReader({ recordFinals, ...deps });

  app.use("*", observeRequests, drainUnreadRequestBody, securityHeaders, limitRequestBodies([STRIPE_WEBHOOK_PATH]), sameOriginWrites);
  app.use("/auth/*", limitSignIn);
  app.use("*", loadRegionEntries);

  app.get("/health", (c) => c.json({ ok: true }));
  app.route("/auth", authRoutes(loadUserDocument));
  app.route("/me", meRoutes());
  app.route("/play", playRoutes());
  app.route("/", oddsRoutes(deps, odds));
  app.route("/dev/push", devPushRoutes());
  app.route("/dev", devRoutes());
  app.route("/", betsRoutes(deps, odds));
  app.route("/", cashOutRoutes(deps, odds));
  app.route("/", pricingRoutes(deps.now));
  app.route("/live", liveRoutes());
  app.route("/grantDailyBonus", bonusRoutes());
  app.route("/", paymentsRoutes());
  app.route("/admin", adminRoutes(odds));
  app.route("/", socialRoutes());
  app.route("/", clvRoutes());
  app.route("/identity", identityRoutes());
  app.route("/", sweepstakesPublicRoutes());
  app.route("/free-entry", freeEntryRoutes());
  app.route("/cards", shareCardRoutes());
  app.route("/push", pushRoutes());
  app.route("/", receiptsRoutes(deps.now));

  app.notFound((c) => errorJson(c, 404, "not-found", "No such API route."));
  app.onError(handleError);
  return app;
}
