// Every operator tunable (refresh intervals, delays, limits, reserves, regions) in one
// table: its name, default, rule and meaning. A tunable is set as a wrangler var of the
// same name (a string, like every var); unset or empty means the default. The table is
// validated when an isolate first handles a fetch, cron or queue event, so a bad value
// stops the Worker with a message naming it instead of surfacing later as odd behaviour.
// The README's "Tunables" table lists the same rows.
import { z } from "zod";
import { parseRegionList, parseRegionMinAge } from "../src/shared/play-regions";

type Tunable<T> = { default: string; schema: z.ZodType<T>; meaning: string };

const wholeNumber = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const regionList = z.string().transform((text, ctx) => {
  const list = parseRegionList(text === "-" ? "" : text);
  if (list === null) ctx.addIssue({ code: "custom", message: "expected comma-separated ISO 3166 codes like US-WA,FR" });
  return list ?? [];
});
const regionMinAges = z.string().transform((text, ctx) => {
  const ages = parseRegionMinAge(text === "-" ? "" : text);
  if (ages === null) ctx.addIssue({ code: "custom", message: "expected REGION:AGE pairs like US-AL:19,US-MS:21" });
  return ages ?? {};
});
const optionalRegion = z.string().transform((text, ctx) => {
  if (text === "-") return null;
  const list = parseRegionList(text);
  if (list === null || list.length !== 1) ctx.addIssue({ code: "custom", message: "expected one ISO 3166 code like US-WA" });
  return list?.[0] ?? null;
});

function tunable<T>(defaultValue: string, schema: z.ZodType<T>, meaning: string): Tunable<T> {
  return { default: defaultValue, schema, meaning };
}

export const TUNABLES = {
  ODDS_API_TIMEOUT_MS: tunable("8000", wholeNumber(500, 60_000), "How long one call to The Odds API may take before it counts as failed."),
  // Player protection (issue 14): age, regions, limits. "-" sets a list to empty.
  MIN_AGE: tunable("18", wholeNumber(18, 99), "Minimum age to play, checked against the confirmed date of birth."),
  REGION_MIN_AGE: tunable("US-AL:19,US-NE:19,US-MS:21", regionMinAges, "Regions whose minimum age is higher than MIN_AGE (REGION:AGE, comma-separated)."),
  RESTRICTED_REGIONS: tunable(
    "US-WA,US-ID,US-NV,US-MI,US-MT,US-CT,US-DE,US-NJ,US-NY,US-LA",
    regionList,
    "Countries (ISO 3166-1) and subdivisions (ISO 3166-2) where purchases and redemptions are refused.",
  ),
  BLOCKED_REGIONS: tunable("-", regionList, "Countries and subdivisions where all play (bets, bonus, purchases, redemptions) is refused."),
  DEV_REGION: tunable("-", optionalRegion, "Development only: the region assumed for requests (stands in for cf.country/cf.regionCode); production ignores it."),
  LIMIT_RAISE_DELAY_HOURS: tunable("24", wholeNumber(1, 720), "How long a raised or removed player limit waits before it takes effect."),
  CHECKOUT_HOLD_MINUTES: tunable("60", wholeNumber(31, 1440), "How long an open checkout counts toward the player's purchase limits (its session expires then)."),
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
