// The invocation's waitUntil: work handed to it runs to its end even when the client goes
// away first (a hang-up otherwise cancels the request's work), within the platform's limits.
import type { Context } from "hono";
import type { AppEnv } from "./app-types";

/** Keeps a promise alive past the response (or past a client that hung up). */
export type WaitUntil = (promise: Promise<unknown>) => void;

/** The invocation's waitUntil, when there is one (a test may call the app with no context). */
export function waitUntilOf(c: Context<AppEnv>): WaitUntil | undefined {
  try {
    const ctx = c.executionCtx;
    return (promise) => ctx.waitUntil(promise);
  } catch {
    return undefined;
  }
}
