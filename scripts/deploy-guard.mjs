// What `npm run deploy` checks before any remote call, so a first deploy works or says why. The bundle about to go out must be a production
// build (APP_ENV=production) of a deployable environment (production or staging) under that
// environment's own Worker name, so `npm run build` followed by a stray `wrangler deploy`
// can never replace it. Then each check in DEPLOY_CHECKS looks at the built Worker config
// (and the secrets file going up with it) and names the exact command or setting that fixes
// what it refuses: placeholder ids, no custom domain for PUBLIC_ORIGIN's host,
// *.workers.dev or preview URLs left on, a queue consumer without retry_delay,
// observability off, resources shared with the other environment, a missing secret, and no
// sweepstakes sponsor (scripts/sponsor-check.mjs).
import { sponsorProblems } from "./sponsor-check.mjs";

/** The environments of wrangler.toml that `npm run deploy` may deploy. */
export const DEPLOYABLE_ENVIRONMENTS = ["production", "staging"];

/**
 * Secrets every deployed Worker needs (worker/secrets.d.ts), uploaded with the first
 * version through `wrangler deploy --secrets-file`.
 */
export const REQUIRED_SECRETS = [
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "SESSION_SIGNING_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_CONNECT_WEBHOOK_SECRET",
  "STRIPE_IDENTITY_RESTRICTED_KEY",
  "STRIPE_IDENTITY_WEBHOOK_SECRET",
  "IDENTITY_HASH_KEY",
  "ODDS_API_KEY",
  "VAPID_PUBLIC_KEY",
  "VAPID_PRIVATE_KEY",
  "METRICS_ACCOUNT_ID",
  "METRICS_API_TOKEN",
  "RECEIPT_SIGNING_KEY",
];

const MIN_SESSION_SIGNING_KEY_BYTES = 32;
/** The public development key (worker/config.ts): never a deployed Worker's. */
const DEV_SESSION_SIGNING_KEY = "vantage-development-session-key-not-secret-0123456789";

/** `name = "…"` of the top level (`development`) and of every `[env.<env>]` in wrangler.toml. */
export function workerNames(tomlText) {
  let section = "";
  const names = {};
  for (const raw of tomlText.split("\n")) {
    const line = raw.trim();
    const header = /^\[{1,2}([^\]]+)\]{1,2}$/.exec(line);
    if (header) {
      section = header[1].trim();
      continue;
    }
    const name = /^name\s*=\s*"([^"]*)"/.exec(line);
    if (!name) continue;
    if (section === "" && names.development === undefined) names.development = name[1];
    const env = /^env\.([A-Za-z0-9_-]+)$/.exec(section)?.[1];
    if (env && names[env] === undefined) names[env] = name[1];
  }
  return names;
}

/** The environment a built config was built for (production when it does not say). */
const targetOf = (built) => built?.targetEnvironment ?? "production";

/** Why the built Worker config is not a production build of its environment under that environment's own name, or null. */
export function deployRefusal(built, names) {
  const appEnv = built?.vars?.APP_ENV;
  if (appEnv !== "production")
    return `the bundle is not a production build (APP_ENV=${JSON.stringify(appEnv)}); build with CLOUDFLARE_ENV=production`;
  const target = targetOf(built);
  if (!DEPLOYABLE_ENVIRONMENTS.includes(target))
    return `the bundle was built for the environment ${JSON.stringify(target)}; only ${DEPLOYABLE_ENVIRONMENTS.join(" and ")} are deployed`;
  if (!names[target] || names[target] === names.development) {
    return `wrangler.toml must give [env.${target}] its own Worker name, different from the development one`;
  }
  if (built.name !== names[target])
    return `the bundle's Worker name ${JSON.stringify(built.name)} is not ${target}'s ${JSON.stringify(names[target])}`;
  return null;
}

const PLACEHOLDER = /REPLACE|^0+(-0+)*$|example\.(com|org|net)$|^$/i;
const isPlaceholder = (value) => typeof value !== "string" || PLACEHOLDER.test(value.trim());

function hostOf(origin) {
  try {
    const url = new URL(origin);
    return url.protocol === "https:" && url.pathname === "/" && !url.search ? url.host : null;
  } catch {
    return null;
  }
}

/** The built Worker is the production build of a deployable environment under its own name. */
function productionBuild({ built, names }) {
  return deployRefusal(built, names);
}

/** No id or origin left as wrangler.toml ships it. */
function noPlaceholders({ built }) {
  const env = targetOf(built);
  const problems = [];
  for (const db of built.d1_databases ?? []) {
    if (isPlaceholder(db.database_id))
      problems.push(
        `D1 ${db.binding} has the placeholder id ${JSON.stringify(db.database_id)}: run \`npx wrangler d1 create ${db.database_name}\` and put its database_id into [[env.${env}.d1_databases]] in wrangler.toml`,
      );
  }
  for (const kv of built.kv_namespaces ?? []) {
    if (isPlaceholder(kv.id))
      problems.push(
        `KV ${kv.binding} has the placeholder id ${JSON.stringify(kv.id)}: run \`npx wrangler kv namespace create ${kv.binding} --env ${env}\` and put its id into [[env.${env}.kv_namespaces]] in wrangler.toml`,
      );
  }
  const origin = built.vars?.PUBLIC_ORIGIN ?? "";
  const host = hostOf(origin);
  if (!host || isPlaceholder(host.replace(/:\d+$/, "")))
    problems.push(
      `PUBLIC_ORIGIN ${JSON.stringify(origin)} is not your site: set [env.${env}.vars] PUBLIC_ORIGIN = "https://<your host>" (no path) in wrangler.toml`,
    );
  if (!String(built.vars?.ADMIN_EMAILS ?? "").trim())
    problems.push(
      `ADMIN_EMAILS is empty, so nobody can use the operator console: set [env.${env}.vars] ADMIN_EMAILS = "you@your-domain,second@your-domain" in wrangler.toml`,
    );
  return problems;
}

/** PUBLIC_ORIGIN's host is served by this Worker, as a custom domain. */
function customDomainForPublicOrigin({ built }) {
  const env = targetOf(built);
  const host = hostOf(built.vars?.PUBLIC_ORIGIN ?? "");
  if (!host) return null; // noPlaceholders names the origin itself
  const routes = [...(built.routes ?? []), ...(built.route ? [built.route] : [])];
  const served = routes.some((r) => typeof r === "object" && r.custom_domain === true && r.pattern === host);
  if (served) return null;
  return `no custom domain serves PUBLIC_ORIGIN's host ${host} (Google's redirect, Stripe's return URLs and share links point there): add routes = [{ pattern = "${host}", custom_domain = true }] under [env.${env}] in wrangler.toml`;
}

/** The app answers only on its own origin: *.workers.dev and preview URLs off. */
function noWorkersDevUrls({ built }) {
  const env = targetOf(built);
  const problems = [];
  if (built.workers_dev !== false)
    problems.push(`*.workers.dev would serve the app under another origin: set workers_dev = false under [env.${env}] in wrangler.toml`);
  if (built.preview_urls !== false)
    problems.push(
      `preview URLs would serve each version under another origin: set preview_urls = false under [env.${env}] in wrangler.toml`,
    );
  return problems;
}

/** Every consumer waits before a retry, and the settlement and alert queues' names are the ones their consumers expect. */
function queuesNeverLoseMessages({ built }) {
  const env = targetOf(built);
  const problems = [];
  const consumers = built.queues?.consumers ?? [];
  for (const c of consumers) {
    if (typeof c.retry_delay !== "number" || c.retry_delay <= 0)
      problems.push(
        `queue consumer ${c.queue} retries at once: add retry_delay = 30 to its [[env.${env}.queues.consumers]] in wrangler.toml`,
      );
  }
  const { SETTLEMENT_QUEUE_NAME: queue, SETTLEMENT_DLQ_NAME: dlq } = built.vars ?? {};
  const settlement = consumers.find((c) => c.queue === queue);
  const producer = (built.queues?.producers ?? []).find((p) => p.binding === "SETTLEMENT_QUEUE");
  if (
    !queue ||
    !dlq ||
    !settlement ||
    producer?.queue !== queue ||
    settlement.dead_letter_queue !== dlq ||
    !consumers.some((c) => c.queue === dlq)
  )
    problems.push(
      `the settlement queues do not match: [env.${env}.vars] SETTLEMENT_QUEUE_NAME and SETTLEMENT_DLQ_NAME must name the SETTLEMENT_QUEUE producer's queue, its consumer and that consumer's dead_letter_queue (which needs a consumer too)`,
    );
  const push = built.vars?.PUSH_QUEUE_NAME;
  const pushProducer = (built.queues?.producers ?? []).find((p) => p.binding === "PUSH_QUEUE");
  if (!push || pushProducer?.queue !== push || !consumers.some((c) => c.queue === push))
    problems.push(
      `the alerts queue does not match: [env.${env}.vars] PUSH_QUEUE_NAME must name the PUSH_QUEUE producer's queue and a [[env.${env}.queues.consumers]] of it`,
    );
  return problems;
}

/** Workers Logs and traces on, source maps uploaded, metrics bound. */
function observable({ built }) {
  const env = targetOf(built);
  const problems = [];
  const o = built.observability;
  if (o?.enabled !== true || o.logs?.enabled === false)
    problems.push(`Workers Logs are off: set [env.${env}.observability] enabled = true (and logs.enabled = true) in wrangler.toml`);
  if (built.upload_source_maps !== true)
    problems.push(`stack traces would name the bundle, not worker/*.ts: set upload_source_maps = true under [env.${env}] in wrangler.toml`);
  const dataset = built.vars?.METRICS_DATASET;
  const bound = (built.analytics_engine_datasets ?? []).find((d) => d.binding === "METRICS");
  if (!bound || !dataset || bound.dataset !== dataset)
    problems.push(
      `no metrics: add [[env.${env}.analytics_engine_datasets]] binding = "METRICS" with dataset = [env.${env}.vars] METRICS_DATASET in wrangler.toml`,
    );
  return problems;
}

function resourcesOf(config) {
  return {
    "Worker name": [config.name],
    "D1 database": (config.d1_databases ?? []).flatMap((d) => [d.database_name, isPlaceholder(d.database_id) ? null : d.database_id]),
    "KV namespace": (config.kv_namespaces ?? []).map((k) => (isPlaceholder(k.id) ? null : k.id)),
    queue: [...(config.queues?.producers ?? []).map((p) => p.queue), ...(config.queues?.consumers ?? []).map((c) => c.queue)],
    "rate-limit namespace": (config.ratelimits ?? []).map((r) => r.namespace_id),
    "metrics dataset": (config.analytics_engine_datasets ?? []).map((d) => d.dataset),
    "custom domain": (config.routes ?? []).map((r) => (typeof r === "object" ? r.pattern : r)),
  };
}

/** Staging and production share no Worker, database, namespace, queue, limiter, dataset or domain. */
function ownResources({ built, others }) {
  const env = targetOf(built);
  const mine = resourcesOf(built);
  const problems = [];
  for (const [otherEnv, other] of Object.entries(others ?? {})) {
    if (otherEnv === env) continue;
    const theirs = resourcesOf(other);
    for (const [kind, values] of Object.entries(mine)) {
      const shared = values.filter((v) => v && theirs[kind].includes(v));
      for (const value of new Set(shared))
        problems.push(`${env} and ${otherEnv} share the ${kind} ${JSON.stringify(value)}: give [env.${env}] its own in wrangler.toml`);
    }
  }
  return problems;
}

/** Every required secret goes up with the version, none a placeholder or the development key. */
function requiredSecrets({ built, secrets, secretsFile }) {
  if (secrets === null) return null; // --no-secrets-file: the Worker already holds them
  const env = targetOf(built);
  const problems = [];
  const missing = REQUIRED_SECRETS.filter((name) => !String(secrets?.[name] ?? "").trim());
  if (missing.length > 0)
    problems.push(
      `the secrets file ${secretsFile} lacks ${missing.join(", ")}: add NAME=value lines for them (docs/operations.md, "Secrets")`,
    );
  for (const name of REQUIRED_SECRETS) {
    const value = String(secrets?.[name] ?? "").trim();
    if (value && /REPLACE|changeme|^x+$|^todo$/i.test(value))
      problems.push(`${name} in ${secretsFile} is a placeholder: put the real value there`);
  }
  const key = String(secrets?.SESSION_SIGNING_KEY ?? "");
  if (key && (new TextEncoder().encode(key).length < MIN_SESSION_SIGNING_KEY_BYTES || key === DEV_SESSION_SIGNING_KEY))
    problems.push(
      `SESSION_SIGNING_KEY in ${secretsFile} is weak or public: set 32+ random bytes, e.g. the output of \`openssl rand -base64 48\``,
    );
  const stripe = String(secrets?.STRIPE_SECRET_KEY ?? "");
  if (stripe && !/^(sk|rk)_(live|test)_/.test(stripe))
    problems.push(`STRIPE_SECRET_KEY in ${secretsFile} is not a Stripe secret key (sk_live_…, rk_live_… or, for ${env} tests, sk_test_…)`);
  return problems;
}

/**
 * The receipt key the Worker will sign with is listed as current in the environment's
 * RECEIPT_KEYS_JSON (with its public key, validUntil null); otherwise the deployed Worker
 * refuses to start (worker/config.ts) and answers every route 503. Without a secrets file
 * (the Worker already holds its key) at least one listed key must be current.
 */
function receiptKeysListed({ built, secrets, secretsFile }) {
  const env = targetOf(built);
  const fix = `add the public entry \`node scripts/receipt-key.mjs <key id>\` printed, with validUntil null, to RECEIPT_KEYS_JSON in [env.${env}.vars] (docs/security.md, "Receipts")`;
  let keys;
  try {
    keys = JSON.parse(String(built.vars?.RECEIPT_KEYS_JSON ?? "").trim() || "[]");
  } catch {
    return `RECEIPT_KEYS_JSON in [env.${env}.vars] is not JSON: ${fix}`;
  }
  if (!Array.isArray(keys)) return `RECEIPT_KEYS_JSON in [env.${env}.vars] is not a list: ${fix}`;
  const current = keys.filter((key) => key && key.validUntil === null);
  const secret = secrets ? String(secrets.RECEIPT_SIGNING_KEY ?? "").trim() : "";
  if (!secret) return current.length > 0 ? null : `RECEIPT_KEYS_JSON in [env.${env}.vars] lists no current key: ${fix}`;
  let jwk;
  try {
    jwk = JSON.parse(secret);
  } catch {
    return `RECEIPT_SIGNING_KEY in ${secretsFile} is not a JSON Web Key: make one with \`node scripts/receipt-key.mjs <key id>\``;
  }
  if (!current.some((key) => key.keyId === jwk?.kid && key.publicKey === jwk?.x))
    return `RECEIPT_KEYS_JSON in [env.${env}.vars] does not list RECEIPT_SIGNING_KEY's key ${JSON.stringify(jwk?.kid ?? null)} as current: ${fix}`;
  return null;
}

/** The Official Sweepstakes Rules name a sponsor and the address free-entry cards go to. */
function sweepstakesSponsor({ built }) {
  const env = targetOf(built);
  return sponsorProblems(built.vars).map((problem) => `${problem}: set it in [env.${env}.vars] in wrangler.toml (docs/sweepstakes.md)`);
}

/**
 * The checks run before any remote call, in order. Each takes the deploy context
 * `{ built, names, secrets, secretsFile, others }` and returns null, a refusal or a list of
 * them, each naming its fix.
 */
export const DEPLOY_CHECKS = [
  productionBuild,
  noPlaceholders,
  customDomainForPublicOrigin,
  noWorkersDevUrls,
  queuesNeverLoseMessages,
  observable,
  ownResources,
  requiredSecrets,
  receiptKeysListed,
  sweepstakesSponsor,
];

/** Every refusal of `checks` for this deploy (empty: it may go out). */
export function deployRefusals(context, checks = DEPLOY_CHECKS) {
  const first = productionBuild(context);
  if (first) return [first]; // nothing else can be judged on the wrong bundle
  return checks.flatMap((check) => {
    const result = check(context);
    return result === null || result === undefined ? [] : Array.isArray(result) ? result : [result];
  });
}

/** A secrets file as `wrangler deploy --secrets-file` reads it: JSON, or NAME=value lines. */
export function parseSecretsFile(text) {
  if (text.trim().startsWith("{")) return JSON.parse(text);
  const secrets = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    const value = match[2].trim();
    secrets[match[1]] = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return secrets;
}
