// The Worker's operational log (requests, settlement runs, queue batches, dead letters,
// alerts). Built per call from the env's LOG_LEVEL tunable, so tests silence it with a
// binding and nothing module-level holds env. Lines go to the console, which Workers Logs
// / `wrangler tail` collect; below the level they are dropped.
//
// `event(...)` writes one structured line: a JSON object (Workers Logs indexes its
// fields) with the event's name, the request id, the player id, the outcome and the
// duration. Outside development info/warn/error lines are JSON objects too
// (`{level, message, detail}`); in development they stay plain text for the terminal.
import { tunables, type Tunables } from "../tunables";

export type LogLevel = Tunables["LOG_LEVEL"];

/** One structured log line. `level` defaults to info, or error for an alert. */
export type LogEvent = {
  event: string;
  requestId?: string;
  playerId?: string | null;
  outcome: string;
  durationMs?: number;
  level?: Exclude<LogLevel, "silent">;
  [field: string]: unknown;
};

export type Logger = {
  info(message: string, ...detail: unknown[]): void;
  warn(message: string, ...detail: unknown[]): void;
  error(message: string, ...detail: unknown[]): void;
  event(line: LogEvent): void;
};

const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2, silent: 3 };
/** Looked up on each line (not kept), so a test's spy on console sees it. */
function write(severity: Exclude<LogLevel, "silent">, ...args: unknown[]): void {
  if (severity === "info") console.log(...args);
  else if (severity === "warn") console.warn(...args);
  else console.error(...args);
}

function errorText(value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
}

/** A console logger writing lines at `level` and above; `json` writes every line as one object. */
export function consoleLogger(level: LogLevel, json = false): Logger {
  const at = RANK[level];
  const line =
    (severity: Exclude<LogLevel, "silent">) =>
    (message: string, ...detail: unknown[]) => {
      if (at > RANK[severity]) return;
      if (!json) write(severity, message, ...detail);
      else write(severity, { level: severity, message, ...(detail.length > 0 ? { detail: detail.map(errorText) } : {}) });
    };
  return {
    info: line("info"),
    warn: line("warn"),
    error: line("error"),
    event: (fields) => {
      const severity = fields.level ?? (fields.event === "alert" ? "error" : "info");
      if (at > RANK[severity]) return;
      write(severity, { ...fields, level: severity });
    },
  };
}

/** The logger this Worker's configuration asks for (LOG_LEVEL; JSON lines outside development). */
export function loggerFor(env: Env): Logger {
  return consoleLogger(tunables(env).LOG_LEVEL, env.APP_ENV !== "development");
}
