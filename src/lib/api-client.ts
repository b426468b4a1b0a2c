// The SPA's one HTTP client (spec §7 "Shared request behaviour"): every path is under
// /api, with an optional bearer token and query params; 15 s timeout; JSON or text
// bodies; on 429 up to 2 retries after 1 s then 2 s (capped at 5 s); errors carry
// status, path and body. Feature code gets a token-bound client from useApi().
// Every answer the SPA reads is parsed with its schema from src/shared/schemas (the
// Worker builds it typed by the same schema), so a body is never trusted by a cast; an
// answer that does not match is an ApiError `invalid-response`. This module stays free
// of zod: code in the first page's bundle passes a loader, `() => import(…)`, so zod and
// the schemas load beside the first request instead of with the page.
export const REQUEST_TIMEOUT_MS = 15_000;
export const MAX_429_RETRIES = 2;
export const RETRY_BASE_MS = 1_000;
export const RETRY_CAP_MS = 5_000;

/**
 * A Vantage Cash action refused until the player accepts the Official Sweepstakes Rules in
 * force: every such answer is also announced on `window` as this event, so the one rules
 * dialog (src/features/sweepstakes) opens whichever page asked.
 */
export const RULES_NOT_ACCEPTED = "rules-not-accepted";
export const RULES_NOT_ACCEPTED_EVENT = "vantage:rules-not-accepted";

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  query?: Record<string, QueryValue>;
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    readonly body: unknown,
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** attempt, RETRY_CAP_MS);
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const clean = path.startsWith("/api/") || path === "/api" ? path : `/api${path.startsWith("/") ? "" : "/"}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${clean}?${qs}` : clean;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The message a player should see for a failed response: the server's, else the text. */
function messageOf(body: unknown, status: number): { message: string; code: string | null } {
  if (body && typeof body === "object" && "error" in body) {
    const error = (body as { error: unknown }).error;
    if (error && typeof error === "object") {
      const { message, code } = error as { message?: unknown; code?: unknown };
      return { message: typeof message === "string" ? message : `HTTP ${status}`, code: typeof code === "string" ? code : null };
    }
    if (typeof error === "string") return { message: error, code: null };
  }
  if (typeof body === "string" && body.trim()) return { message: body.trim(), code: null };
  return { message: `HTTP ${status}`, code: null };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError(0, "", null, "The request was cancelled.", "aborted"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiError(0, "", null, "The request was cancelled.", "aborted"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Checks an answer's body: a zod schema from src/shared/schemas (its `parse` throws on a mismatch). */
export type ResponseSchema<T> = { parse(body: unknown): T };

/** The schema itself, or a loader for it (kept out of the initial bundle). */
export type SchemaSource<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

/** What errorMessage() and callers see when a successful answer does not match its schema. */
export const INVALID_RESPONSE = "invalid-response";

async function schemaFrom<T>(source: SchemaSource<T>, url: string): Promise<ResponseSchema<T>> {
  if (typeof source !== "function") return source;
  try {
    return await source();
  } catch {
    // The schema's chunk could not be loaded: as good as no answer.
    throw new ApiError(0, url, null, "Network error.", "network");
  }
}

/** Sends a request and answers its body (parsed JSON, else text, else null); a failed status throws an ApiError. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  return (await fetchAnswer(path, options)).body;
}

/** Sends a request and answers its body checked by `schema`, loading the schema while the request runs. */
export async function apiRequestParsed<T>(path: string, schema: SchemaSource<T>, options: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, options.query);
  const loading = schemaFrom(schema, url);
  // Settled either way, so a failed request does not leave the loader's failure unhandled.
  loading.catch(() => undefined);
  const answer = await fetchAnswer(path, options);
  const parser = await loading;
  try {
    return parser.parse(answer.body);
  } catch {
    throw new ApiError(answer.status, url, answer.body, "The server's answer could not be read.", INVALID_RESPONSE);
  }
}

async function fetchAnswer(path: string, options: RequestOptions): Promise<{ status: number; body: unknown }> {
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    const timeout = setTimeout(
      () => controller.abort(new DOMException("timeout", "TimeoutError")),
      options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    );
    const onAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) controller.abort(options.signal.reason);
    else options.signal?.addEventListener("abort", onAbort, { once: true });
    let response: Response;
    try {
      response = await fetch(url, {
        method: options.method ?? "GET",
        headers,
        body,
        signal: controller.signal,
        credentials: "same-origin",
      });
    } catch {
      const timedOut = controller.signal.reason instanceof DOMException && controller.signal.reason.name === "TimeoutError";
      if (timedOut) throw new ApiError(0, url, null, "The request timed out.", "timeout");
      if (options.signal?.aborted) throw new ApiError(0, url, null, "The request was cancelled.", "aborted");
      throw new ApiError(0, url, null, "Network error.", "network");
    } finally {
      clearTimeout(timeout);
      options.signal?.removeEventListener("abort", onAbort);
    }
    if (response.status === 429 && attempt < MAX_429_RETRIES) {
      await response.body?.cancel();
      await sleep(retryDelayMs(attempt), options.signal);
      continue;
    }
    const parsed = await readBody(response);
    if (!response.ok) {
      const { message, code } = messageOf(parsed, response.status);
      if (code === RULES_NOT_ACCEPTED && typeof window !== "undefined") window.dispatchEvent(new Event(RULES_NOT_ACCEPTED_EVENT));
      throw new ApiError(response.status, url, parsed, message, code);
    }
    return { status: response.status, body: parsed };
  }
}

type ClientOptions = Omit<RequestOptions, "token">;

/** A client bound to a token source; src/session/auth-provider.tsx provides one through useApi(). */
export type ApiClient = {
  /** Any method; the answer is parsed with `schema`. */
  request<T>(path: string, schema: SchemaSource<T>, options?: ClientOptions): Promise<T>;
  get<T>(path: string, schema: SchemaSource<T>, query?: Record<string, QueryValue>): Promise<T>;
  post<T>(path: string, schema: SchemaSource<T>, body?: unknown, headers?: Record<string, string>): Promise<T>;
  patch<T>(path: string, schema: SchemaSource<T>, body?: unknown): Promise<T>;
  /** A call whose answer is not read, only whether it succeeded. */
  send(path: string, options?: ClientOptions): Promise<void>;
};

export type ApiClientOptions = {
  /**
   * Called once when a request sent with a token answers 401 (e.g. the token was
   * revoked or the clock is off); a new token it returns is used for one retry.
   */
  onUnauthorized?: () => Promise<string | null>;
};

export function createApiClient(getToken: () => Promise<string | null>, clientOptions: ApiClientOptions = {}): ApiClient {
  const withToken = async <R>(call: (token: string | null) => Promise<R>): Promise<R> => {
    const token = await getToken();
    try {
      return await call(token);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 401 || !token || !clientOptions.onUnauthorized) throw err;
      const fresh = await clientOptions.onUnauthorized();
      if (!fresh || fresh === token) throw err;
      return call(fresh);
    }
  };
  const request = <T>(path: string, schema: SchemaSource<T>, options: ClientOptions = {}): Promise<T> =>
    withToken((token) => apiRequestParsed(path, schema, { ...options, token }));
  return {
    request,
    get: (path, schema, query) => request(path, schema, { query }),
    post: (path, schema, body, headers) => request(path, schema, { method: "POST", body: body ?? {}, headers }),
    patch: (path, schema, body) => request(path, schema, { method: "PATCH", body }),
    send: async (path, options = {}) => {
      await withToken((token) => apiRequest(path, { ...options, token }));
    },
  };
}

/** What to show for a failed call: the server's message, else the given fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.code === INVALID_RESPONSE) return fallback;
  if (err instanceof ApiError && err.status !== 0 && err.message && !/^HTTP \d+$/.test(err.message)) return err.message;
  return fallback;
}
