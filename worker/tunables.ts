// Every operator tunable (refresh intervals, delays, limits, reserves, regions) in one
// table: its name, default, rule and meaning. A tunable is set as a wrangler var of the
// same name (a string, like every var); unset or empty means the default. The table is
// validated when an isolate first handles a fetch, cron or queue event, so a bad value
// stops the Worker with a message naming it instead of surfacing later as odd behaviour.
// The README's "Tunables" table lists the same rows.
import { z } from "zod";

type Tunable<T> = { default: string; schema: z.ZodType<T>; meaning: string };

const wholeNumber = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

function tunable<T>(defaultValue: string, schema: z.ZodType<T>, meaning: string): Tunable<T> {
  return { default: defaultValue, schema, meaning };
}

export const TUNABLES = {
  ODDS_API_TIMEOUT_MS: tunable("8000", wholeNumber(500, 60_000), "How long one call to The Odds API may take before it counts as failed."),
  // Settlement on Queues and the operational log (issue 13; worker/settlement/settlement-queue.ts)
  LOG_LEVEL: tunable(
    "info",
    z.enum(["info", "warn", "error", "silent"]),
    "Least severity of operational log lines written (settlement runs, queue batches, dead letters); tests use silent.",
  ),
  SETTLEMENT_PAGE_ROWS: tunable(
    "1000",
    wholeNumber(10, 10_000),
    "(player, game) rows of ready work one D1 read returns; a run pages through all of them.",
  ),
  SETTLEMENT_SEND_BATCH: tunable("100", wholeNumber(1, 100), "Settlement messages per Queues sendBatch call (the platform allows 100)."),
  SETTLEMENT_MAX_EVENTS_PER_MESSAGE: tunable(
    "100",
    wholeNumber(1, 500),
    "Finished games carried by one player's settlement message; more make further messages for that player.",
  ),
  SETTLEMENT_CONSUMER_CONCURRENCY: tunable("25", wholeNumber(1, 100), "Wallet calls in flight at once while one queue batch is consumed."),
  SETTLEMENT_RETRY_BASE_SECONDS: tunable("5", wholeNumber(1, 3_600), "Back-off before a failed settlement message's first retry; doubles per attempt."),
  SETTLEMENT_RETRY_MAX_SECONDS: tunable("600", wholeNumber(1, 43_200), "Longest back-off between two retries of a settlement message."),
  WALLET_OUTBOX_FLUSH_DELAY_MS: tunable(
    "1000",
    wholeNumber(0, 30_000),
    "How long a wallet gathers changes before writing them to D1 in one batch (its alarm); settlement writes at once.",
  ),
} as const;

export type TunableName = keyof typeof TUNABLES;
export type Tunables = { [K in TunableName]: z.infer<(typeof TUNABLES)[K]["schema"]> };

export type TunablesResult = { ok: true; value: Tunables } | { ok: false; problems: string[] };

/** Pure: reads and validates every tunable from a record of raw var values. */
export function parseTunables(raw: Record<string, unknown>): TunablesResult {
  const value: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, row] of Object.entries(TUNABLES) as [TunableName, Tunable<unknown>][]) {
    const given = raw[name];
    const text = typeof given === "string" && given.trim() !== "" ? given.trim() : row.default;
    const parsed = row.schema.safeParse(text);
    if (parsed.success) value[name] = parsed.data;
    else problems.push(`${name}=${JSON.stringify(text)}: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  }
  return problems.length === 0 ? { ok: true, value: value as Tunables } : { ok: false, problems };
}

export class TunablesError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid tunables: ${problems.join(" | ")}`);
  }
}

// Parsed once per env object (the same object for an isolate's lifetime), not per request.
const parsedByEnv = new WeakMap<object, Tunables>();

/** The validated tunables of this Worker's configuration; throws TunablesError when one is invalid. */
export function tunables(env: Env): Tunables {
  const cached = parsedByEnv.get(env);
  if (cached) return cached;
  const result = parseTunables(env as unknown as Record<string, unknown>);
  if (!result.ok) throw new TunablesError(result.problems);
  parsedByEnv.set(env, result.value);
  return result.value;
}
