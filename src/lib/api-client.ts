// The SPA's one HTTP client (spec §7 "Shared request behaviour"): every path is under
// /api, with an optional bearer token and query params; 15 s timeout; JSON or text
// bodies; on 429 up to 2 retries after 1 s then 2 s (capped at 5 s); errors carry
// status, path and body. Feature code gets a token-bound client from useApi().
export const REQUEST_TIMEOUT_MS = 15_000;
export const MAX_429_RETRIES = 2;
export const RETRY_BASE_MS = 1_000;
export const RETRY_CAP_MS = 5_000;

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

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
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
      throw new ApiError(response.status, url, parsed, message, code);
    }
    return parsed as T;
  }
}

/** A client bound to a token source; the auth feature provides one through useApi(). */
export type ApiClient = {
  request<T>(path: string, options?: Omit<RequestOptions, "token">): Promise<T>;
  get<T>(path: string, query?: Record<string, QueryValue>): Promise<T>;
  post<T>(path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
};

export type ApiClientOptions = {
  /**
   * Called once when a request sent with a token answers 401 (e.g. the token was
   * revoked or the clock is off); a new token it returns is used for one retry.
   */
  onUnauthorized?: () => Promise<string | null>;
};

export function createApiClient(getToken: () => Promise<string | null>, clientOptions: ApiClientOptions = {}): ApiClient {
  const request = async <T>(path: string, options: Omit<RequestOptions, "token"> = {}): Promise<T> => {
    const token = await getToken();
    try {
      return await apiRequest<T>(path, { ...options, token });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 401 || !token || !clientOptions.onUnauthorized) throw err;
      const fresh = await clientOptions.onUnauthorized();
      if (!fresh || fresh === token) throw err;
      return apiRequest<T>(path, { ...options, token: fresh });
    }
  };
  return {
    request,
    get: (path, query) => request(path, { query }),
    post: (path, body, headers) => request(path, { method: "POST", body: body ?? {}, headers }),
    patch: (path, body) => request(path, { method: "PATCH", body }),
  };
}

/** What to show for a failed call: the server's message, else the given fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status !== 0 && err.message && !/^HTTP \d+$/.test(err.message)) return err.message;
  return fallback;
}
