// The Worker's operational log (settlement runs, queue batches, dead letters). Built per
// call from the env's LOG_LEVEL tunable, so tests silence it with a binding and nothing
// module-level holds env. Lines go to the console, which Workers Logs / `wrangler tail`
// collect; below the level they are dropped.
import { tunables, type Tunables } from "../tunables";

export type LogLevel = Tunables["LOG_LEVEL"];

export type Logger = {
  info(message: string, ...detail: unknown[]): void;
  warn(message: string, ...detail: unknown[]): void;
  error(message: string, ...detail: unknown[]): void;
};

const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2, silent: 3 };

/** A console logger writing lines at `level` and above. */
export function consoleLogger(level: LogLevel): Logger {
  const at = RANK[level];
  return {
    info: (message, ...detail) => {
      if (at <= RANK.info) console.log(message, ...detail);
    },
    warn: (message, ...detail) => {
      if (at <= RANK.warn) console.warn(message, ...detail);
    },
    error: (message, ...detail) => {
      if (at <= RANK.error) console.error(message, ...detail);
    },
  };
}

/** The logger this Worker's configuration asks for (LOG_LEVEL). */
export function loggerFor(env: Env): Logger {
  return consoleLogger(tunables(env).LOG_LEVEL);
}
