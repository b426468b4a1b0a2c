// The operational logger: LOG_LEVEL decides which lines reach the console, so a deployment
// can quiet routine settlement lines and the tests run silent.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../worker/app";
import worker from "../../worker/index";
import { consoleLogger, loggerFor } from "../../worker/logging/logger";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the logger", () => {
  it("writes lines at its level and above, and drops the rest", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const logger = consoleLogger("warn");
    logger.info("settlement run");
    logger.warn("projection lagging");
    logger.error("wallet failed", 42);
    expect(log).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith("projection lagging");
    expect(error).toHaveBeenCalledWith("wallet failed", 42);
  });

  it("follows LOG_LEVEL, and silent writes nothing", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    loggerFor({ ...env, LOG_LEVEL: "info" } as Env).info("settlement cron: run=1");
    expect(log).toHaveBeenCalledWith("settlement cron: run=1");
    loggerFor({ ...env, LOG_LEVEL: "silent" } as Env).error("never shown");
    expect(error).not.toHaveBeenCalled();
  });

  it("a queue batch under an invalid tunable is refused whole (the platform retries it)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const batch = { queue: "vantage-settlement", messages: [], ackAll: vi.fn(), retryAll: vi.fn() } as unknown as MessageBatch<unknown>;
    await expect(worker.queue(batch, { ...env, LOG_LEVEL: "loud" } as Env)).rejects.toThrow(/LOG_LEVEL/);
    expect(batch.ackAll).not.toHaveBeenCalled();
  });

  it("writes structured events as one JSON object: event, request id, player id, outcome, duration", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const logger = consoleLogger("info");
    logger.event({
      event: "request",
      requestId: "r-1",
      playerId: "u-1",
      outcome: "price-changed",
      durationMs: 12,
      route: "POST /api/placeBet",
    });
    expect(log).toHaveBeenCalledWith({
      event: "request",
      requestId: "r-1",
      playerId: "u-1",
      outcome: "price-changed",
      durationMs: 12,
      route: "POST /api/placeBet",
      level: "info",
    });
    consoleLogger("error").event({ event: "request", outcome: "ok" });
    expect(log).toHaveBeenCalledTimes(1);
    consoleLogger("error").event({ event: "alert", outcome: "dead-letters-unrecorded" });
    expect(error).toHaveBeenCalledWith({ event: "alert", outcome: "dead-letters-unrecorded", level: "error" });
  });

  it("writes JSON lines outside development, plain text in development", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    loggerFor({ ...env, LOG_LEVEL: "info", APP_ENV: "production" } as Env).warn("projection lagging", new Error("slow"));
    expect(warn).toHaveBeenCalledWith({
      level: "warn",
      message: "projection lagging",
      detail: [expect.objectContaining({ name: "Error", message: "slow" })],
    });
    loggerFor({ ...env, LOG_LEVEL: "info", APP_ENV: "development" } as Env).warn("projection lagging");
    expect(warn).toHaveBeenLastCalledWith("projection lagging");
  });

  it("writes one request line per refusal, with the Ray ID, the route, the outcome code and the duration", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const app = createApp();
    const loud = { ...env, LOG_LEVEL: "info" } as Env;
    const ctx = createExecutionContext();
    const refused = await app.fetch(
      new Request("http://localhost/api/placeBet", {
        method: "POST",
        headers: { "cf-ray": "8f1e2d3c4b5a6978-DFW", "CF-Connecting-IP": "10.9.9.9" },
      }),
      loud,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(refused.status).toBe(401);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        event: "request",
        requestId: "8f1e2d3c4b5a6978-DFW",
        playerId: null,
        route: "POST /api/placeBet",
        status: 401,
        outcome: "unauthenticated",
        durationMs: expect.any(Number),
        level: "warn",
      }),
    );
    // A read that succeeded is left to the platform's invocation log.
    await app.fetch(new Request("http://localhost/api/health"), loud, createExecutionContext());
    expect(log).not.toHaveBeenCalled();
  });
});
