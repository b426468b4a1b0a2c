// Every failure a client can see leaves the Worker as `{ error: { code, message } }`
// with a fitting status. Handlers throw ApiError (or return errorJson; a refusal from
// domain code becomes one through refusals.ts); the single
// onError in createApp shapes everything else, so a stray exception is a logged 500
// and never an HTML page or a stack trace.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { ApiErrorBody } from "../../src/shared/schemas/api-error";
import { loggerFor } from "../logging/logger";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function errorBody(code: string, message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

export function errorJson(c: Context, status: ContentfulStatusCode, code: string, message: string, details?: unknown) {
  return c.json(errorBody(code, message, details), status);
}

const STATUS_CODES: Partial<Record<number, string>> = {
  400: "invalid-argument",
  401: "unauthenticated",
  403: "permission-denied",
  404: "not-found",
  405: "method-not-allowed",
  409: "aborted",
  413: "payload-too-large",
  415: "unsupported-media-type",
  429: "resource-exhausted",
};

export function handleError(err: unknown, c: Context): Response {
  if (err instanceof ApiError) return errorJson(c, err.status, err.code, err.message, err.details);
  if (err instanceof HTTPException) {
    const status = err.status;
    const code = STATUS_CODES[status] ?? (status >= 500 ? "internal" : "bad-request");
    return errorJson(c, status, code, err.message || "Request failed");
  }
  loggerFor(c.env).error("unhandled error", c.req.method, c.req.path, err);
  return errorJson(c, 500, "internal", "Something went wrong on our side.");
}

/**
 * The body as UTF-8 text whatever its Content-Type says (the bytes, decoded; `text()`
 * would warn on every form or multipart body a client sends to a JSON route).
 */
export async function bodyText(c: Context): Promise<string> {
  return new TextDecoder().decode(await c.req.arrayBuffer());
}

/** Reads and validates a JSON body; any problem is a 400 that changes nothing. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    const text = await bodyText(c);
    raw = text.length === 0 ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid-json", "The request body is not valid JSON.");
  }
  return parseWith(schema, raw);
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    throw new ApiError(400, "invalid-argument", `${where}${issue?.message ?? "Invalid request."}`);
  }
  return parsed.data;
}
