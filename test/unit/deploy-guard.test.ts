// Security review finding 8, deploy footguns: production has its own Worker name, and
// `npm run deploy` refuses any bundle that is not the production build under that name,
// so a development bundle (embedded sign-in: anyone can be anyone) can never replace it.
// A first deploy works or says why: with wrangler.toml as it ships (placeholder ids, an
// example origin) `npm run deploy` stops before any remote call and names each fix; a
// filled-in production or staging config goes out with its secrets in the first version.
import { unstable_readConfig } from "wrangler";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import {
  DEPLOY_CHECKS,
  deployRefusal,
  deployRefusals,
  parseSecretsFile,
  REQUIRED_SECRETS,
  workerNames,
  type BuiltConfig,
} from "../../scripts/deploy-guard.mjs";
import { runDeploy, type DeployIo } from "../../scripts/deploy.mjs";

describe("wrangler.toml", () => {
  it("gives production a Worker name of its own", () => {
    const names = workerNames(wranglerToml);
    expect(names.development).toBe("vantage");
    expect(names.production).toBe("vantage-production");
    expect(names.staging).toBe("vantage-staging");
  });

  it("builds production with a custom-domain route, workers_dev off, observability on and a retry_delay on every consumer", () => {
    const production = resolve(wranglerToml, "production");
    expect(production.routes).toEqual([{ pattern: "vantage.example.com", custom_domain: true }]);
    expect(production.workers_dev).toBe(false);
    expect(production.preview_urls).toBe(false);
    expect(production.observability).toMatchObject({ enabled: true, logs: { enabled: true } });
    expect(production.upload_source_maps).toBe(true);
    expect(production.cache).toEqual({ enabled: true });
    for (const env of ["production", "staging", undefined]) {
      const consumers = resolve(wranglerToml, env).queues.consumers ?? [];
      expect(consumers.map((c) => c.queue).length).toBe(3);
      for (const consumer of consumers) expect(consumer.retry_delay, `${env ?? "development"} ${consumer.queue}`).toBeGreaterThan(0);
    }
  });

  it("gives staging its own Worker, database, namespace, queues, limiters and dataset", () => {
    const filled = filledIn(wranglerToml);
    const production = resolve(filled, "production");
    const staging = resolve(filled, "staging");
    expect(staging.name).toBe("vantage-staging");
    expect(staging.queues.producers?.[0]?.queue).toBe("vantage-staging-settlement");
    expect(staging.vars).toMatchObject({ SETTLEMENT_QUEUE_NAME: "vantage-staging-settlement", APP_ENV: "production" });
    const ownResources = DEPLOY_CHECKS.filter((check) => check.name === "ownResources");
    const names = workerNames(wranglerToml);
    expect(deployRefusals({ built: staging, names, secrets: null, others: { production } }, ownResources)).toEqual([]);
    // The same database id pasted into both environments is caught.
    const pasted = { ...staging, d1_databases: production.d1_databases };
    expect(deployRefusals({ built: pasted, names, secrets: null, others: { production } }, ownResources)).toEqual([
      'staging and production share the D1 database "vantage": give [env.staging] its own in wrangler.toml',
      'staging and production share the D1 database "d1d1d1d1-0000-4000-8000-000000000001": give [env.staging] its own in wrangler.toml',
    ]);
  });
});

describe("the deploy guard", () => {
  const names = { development: "vantage", production: "vantage-production" };

  it("lets the production build through", () => {
    expect(deployRefusal({ name: "vantage-production", vars: { APP_ENV: "production" } }, names)).toBeNull();
  });

  it("refuses a development build, whatever its name", () => {
    expect(deployRefusal({ name: "vantage", vars: { APP_ENV: "development" } }, names)).toContain("not a production build");
    expect(deployRefusal({ name: "vantage-production", vars: { APP_ENV: "development" } }, names)).toContain("not a production build");
    expect(deployRefusal({ name: "vantage-production" }, names)).toContain("not a production build");
  });

  it("refuses a production build under another Worker's name, and a config where production shares the development name", () => {
    expect(deployRefusal({ name: "vantage", vars: { APP_ENV: "production" } }, names)).toContain("not production's");
    expect(
      deployRefusal({ name: "vantage", vars: { APP_ENV: "production" } }, { development: "vantage", production: "vantage" }),
    ).toContain("own Worker name");
  });

  it("accepts the production and staging builds and nothing else", () => {
    const all = workerNames(wranglerToml);
    expect(deployRefusal({ name: "vantage-staging", targetEnvironment: "staging", vars: { APP_ENV: "production" } }, all)).toBeNull();
    expect(deployRefusal({ name: "vantage-production", targetEnvironment: "staging", vars: { APP_ENV: "production" } }, all)).toContain(
      "not staging's",
    );
    expect(
      deployRefusal({ name: "vantage-qa", targetEnvironment: "qa", vars: { APP_ENV: "production" } }, { ...all, qa: "vantage-qa" }),
    ).toContain("only production and staging");
  });

  it("names the fix for workers.dev and preview URLs left on, a missing custom domain and a consumer without retry_delay", () => {
    const production = withIds(resolve(wranglerToml, "production"));
    const broken: BuiltConfig = {
      ...production,
      workers_dev: undefined,
      preview_urls: true,
      routes: [{ pattern: "vantage.example.com/*", zone_name: "example.com" }],
      vars: { ...(production.vars as object), PUBLIC_ORIGIN: "https://bets.vantage.games" },
      queues: {
        ...(production.queues as object),
        consumers: [
          { queue: "vantage-settlement", dead_letter_queue: "vantage-settlement-dlq" },
          { queue: "vantage-settlement-dlq", retry_delay: 300 },
          { queue: "vantage-push", retry_delay: 30 },
        ],
      },
      observability: { enabled: false },
    };
    const refusals = deployRefusals({ built: broken, names: workerNames(wranglerToml), secrets: null });
    expect(refusals).toEqual([
      "no custom domain serves PUBLIC_ORIGIN's host bets.vantage.games (Google's redirect, Stripe's return URLs and share links point there): add routes = [{ pattern = \"bets.vantage.games\", custom_domain = true }] under [env.production] in wrangler.toml",
      "*.workers.dev would serve the app under another origin: set workers_dev = false under [env.production] in wrangler.toml",
      "preview URLs would serve each version under another origin: set preview_urls = false under [env.production] in wrangler.toml",
      "queue consumer vantage-settlement retries at once: add retry_delay = 30 to its [[env.production.queues.consumers]] in wrangler.toml",
      "Workers Logs are off: set [env.production.observability] enabled = true (and logs.enabled = true) in wrangler.toml",
    ]);
  });

  it("refuses missing, placeholder and weak secrets", () => {
    const built = withIds(resolve(wranglerToml, "production"));
    const secrets = { ...goodSecrets(), SESSION_SIGNING_KEY: "short", ODDS_API_KEY: "REPLACE-ME" } as Record<string, string>;
    delete secrets.METRICS_API_TOKEN;
    const refusals = deployRefusals({ built, names: workerNames(wranglerToml), secrets, secretsFile: ".secrets.production.env" });
    expect(refusals).toEqual([
      'the secrets file .secrets.production.env lacks METRICS_API_TOKEN: add NAME=value lines for them (docs/operations.md, "Secrets")',
      "ODDS_API_KEY in .secrets.production.env is a placeholder: put the real value there",
      "SESSION_SIGNING_KEY in .secrets.production.env is weak or public: set 32+ random bytes, e.g. the output of `openssl rand -base64 48`",
    ]);
  });

  it("refuses a sweepstakes without a sponsor and an address, and runs every check in DEPLOY_CHECKS", () => {
    const built = withIds(resolve(wranglerToml, "production"));
    const context = { built, names: workerNames(wranglerToml), secrets: goodSecrets(), secretsFile: "s.env" };
    expect(deployRefusals(context)).toEqual([]);
    const unnamed = { ...context, built: { ...built, vars: { ...(built.vars as object), SPONSOR_NAME: " ", SPONSOR_ADDRESS: "" } } };
    expect(deployRefusals(unnamed)).toEqual([
      "SPONSOR_NAME is empty: the Official Sweepstakes Rules must name the sponsor: set it in [env.production.vars] in wrangler.toml (docs/sweepstakes.md)",
      "SPONSOR_ADDRESS is empty: free-entry cards need a postal address to be mailed to: set it in [env.production.vars] in wrangler.toml (docs/sweepstakes.md)",
    ]);
    const another = () => "another check's refusal";
    expect(deployRefusals(context, [...DEPLOY_CHECKS, another])).toEqual([another()]);
  });

  it("refuses a receipt key the environment does not list as current, naming the fix", () => {
    const built = withIds(resolve(wranglerToml, "production"));
    const context = { built, names: workerNames(wranglerToml), secrets: goodSecrets(), secretsFile: "s.env" };
    expect(deployRefusals(context)).toEqual([]);
    const listed = (keys: string) => ({ ...context, built: { ...built, vars: { ...(built.vars as object), RECEIPT_KEYS_JSON: keys } } });
    const fix =
      'add the public entry `node scripts/receipt-key.mjs <key id>` printed, with validUntil null, to RECEIPT_KEYS_JSON in [env.production.vars] (docs/security.md, "Receipts")';
    expect(deployRefusals(listed("[]"))).toEqual([
      `RECEIPT_KEYS_JSON in [env.production.vars] does not list RECEIPT_SIGNING_KEY's key "prod-2026-11" as current: ${fix}`,
    ]);
    const retired = JSON.stringify([{ ...JSON.parse(RECEIPT_KEYS_JSON)[0], validUntil: "2026-11-20T00:00:00.000Z" }]);
    expect(deployRefusals(listed(retired))).toHaveLength(1);
    expect(deployRefusals({ ...listed("[]"), secrets: null })).toEqual([
      `RECEIPT_KEYS_JSON in [env.production.vars] lists no current key: ${fix}`,
    ]);
    expect(deployRefusals({ ...context, secrets: { ...goodSecrets(), RECEIPT_SIGNING_KEY: "not-json" } })).toEqual([
      "RECEIPT_SIGNING_KEY in s.env is not a JSON Web Key: make one with `node scripts/receipt-key.mjs <key id>`",
    ]);
  });

  it("reads secrets files as JSON or NAME=value lines", () => {
    expect(parseSecretsFile("# comment\nA=1\nexport B=\"two words\"\n\nC = '3'\n")).toEqual({ A: "1", B: "two words", C: "3" });
    expect(parseSecretsFile('{"A":"1"}')).toEqual({ A: "1" });
  });
});

describe("npm run deploy", () => {
  it("stops before any remote call with wrangler.toml as it ships, naming each fix", () => {
    const { io, ran, lines } = fakeIo(wranglerToml, { ".secrets.production.env": envFile(goodSecrets()) });
    expect(runDeploy([], io)).toBe(1);
    expect(ran).toEqual([]);
    const said = lines.join("\n");
    expect(said).toContain("npx wrangler d1 create vantage` and put its database_id into [[env.production.d1_databases]]");
    expect(said).toContain(
      "npx wrangler kv namespace create ODDS_CACHE --env production` and put its id into [[env.production.kv_namespaces]]",
    );
    expect(said).toContain('set [env.production.vars] PUBLIC_ORIGIN = "https://<your host>"');
    expect(said).toContain("SPONSOR_NAME is empty");
    expect(said).toContain("set [env.production.vars] ADMIN_EMAILS");
  });

  it("stops without a secrets file, naming where it goes", () => {
    const { io, ran, lines } = fakeIo(filledIn(wranglerToml), {});
    expect(runDeploy(["--env", "staging"], io)).toBe(1);
    expect(ran).toEqual([]);
    expect(lines.join("\n")).toContain("no secrets file .secrets.staging.env");
  });

  it("deploys a filled-in production config: migrations, then the bundle with its secrets", () => {
    const { io, ran } = fakeIo(filledIn(wranglerToml), { ".secrets.production.env": envFile(goodSecrets()) });
    expect(runDeploy([], io)).toBe(0);
    expect(ran).toEqual([
      "wrangler d1 migrations apply DB --remote --env production -c wrangler.toml",
      "wrangler deploy -c dist/production/wrangler.json --secrets-file .secrets.production.env",
    ]);
  });

  it("deploys staging under its own names, and refuses any other environment", () => {
    const { io, ran, built } = fakeIo(filledIn(wranglerToml), { "stage.json": JSON.stringify(goodSecrets()) });
    expect(runDeploy(["--env", "staging", "--secrets-file", "stage.json"], io)).toBe(0);
    expect(built[0]).toMatchObject({ name: "vantage-staging", vars: { SETTLEMENT_QUEUE_NAME: "vantage-staging-settlement" } });
    expect(ran.at(-1)).toBe("wrangler deploy -c dist/staging/wrangler.json --secrets-file stage.json");
    const other = fakeIo(filledIn(wranglerToml), {});
    expect(runDeploy(["--env", "dev", "--no-secrets-file"], other.io)).toBe(2);
    expect(other.ran).toEqual([]);
  });
});

// ---- helpers ----

type Resolved = BuiltConfig & { queues: { producers?: { queue: string }[]; consumers?: { queue: string; retry_delay?: number }[] } };

/** An environment of a wrangler.toml text as wrangler resolves it (what the build writes). */
function resolve(toml: string, env: string | undefined): Resolved {
  const dir = mkdtempSync(join(tmpdir(), "vantage-deploy-"));
  const path = join(dir, "wrangler.toml");
  writeFileSync(path, toml);
  return unstable_readConfig({ config: path, env }, { hideWarnings: true }) as unknown as Resolved;
}

/** wrangler.toml with real-looking ids, origins and operators in place of its placeholders. */
function filledIn(toml: string): string {
  let n = 0;
  return toml
    .replace(/REPLACE-WITH-D1-DATABASE-ID/g, () => `d1d1d1d1-0000-4000-8000-00000000000${++n}`)
    .replace(/REPLACE-WITH-KV-NAMESPACE-ID/g, () => `a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d${++n}`)
    .replace(/vantage\.example\.com/g, "vantage.games")
    .replace(/ADMIN_EMAILS = ""/g, 'ADMIN_EMAILS = "ops@vantage.games,lead@vantage.games"')
    .replace(/"ADMIN_EMAILS":""/g, '"ADMIN_EMAILS":"ops@vantage.games,lead@vantage.games"')
    .replace(/SPONSOR_NAME = ""/g, 'SPONSOR_NAME = "Vantage Games LLC"')
    .replace(/"SPONSOR_NAME":""/g, '"SPONSOR_NAME":"Vantage Games LLC"')
    .replace(/SPONSOR_ADDRESS = ""/g, 'SPONSOR_ADDRESS = "PO Box 42, Austin, TX 78701"')
    .replace(/"SPONSOR_ADDRESS":""/g, '"SPONSOR_ADDRESS":"PO Box 42, Austin, TX 78701"')
    .replace(/RECEIPT_KEYS_JSON = "\[\]"/g, `RECEIPT_KEYS_JSON = '${RECEIPT_KEYS_JSON}'`)
    .replace(/"RECEIPT_KEYS_JSON":"\[\]"/g, `"RECEIPT_KEYS_JSON":${JSON.stringify(RECEIPT_KEYS_JSON)}`);
}

/** A resolved config with the same stand-ins filled in. */
function withIds(config: BuiltConfig): BuiltConfig {
  return JSON.parse(filledIn(JSON.stringify(config))) as BuiltConfig;
}

/** A receipt signing key (its public half stands for any Ed25519 key here) and its current entry in RECEIPT_KEYS_JSON. */
const RECEIPT_KEY = { kty: "OKP", crv: "Ed25519", kid: "prod-2026-11", d: "private-part", x: "public-part" };
const RECEIPT_KEYS_JSON = JSON.stringify([
  { keyId: "prod-2026-11", algorithm: "Ed25519", publicKey: "public-part", validFrom: "2026-11-01T00:00:00.000Z", validUntil: null },
]);

function goodSecrets(): Record<string, string> {
  const secrets = Object.fromEntries(REQUIRED_SECRETS.map((name) => [name, `${name.toLowerCase()}-value`]));
  return {
    ...secrets,
    SESSION_SIGNING_KEY: "q3J8v0Zb1xW4yT7uR2sP5nM8kL1jH4gF6dS9aQ2wE5rT8y",
    STRIPE_SECRET_KEY: "sk_live_51Habc",
    RECEIPT_SIGNING_KEY: JSON.stringify(RECEIPT_KEY),
  };
}

const envFile = (secrets: Record<string, string>) =>
  Object.entries(secrets)
    .map(([k, v]) => `${k}=${v}`)
    .join("\n");

function fakeIo(toml: string, files: Record<string, string>) {
  const ran: string[] = [];
  const lines: string[] = [];
  const built: BuiltConfig[] = [];
  const io: DeployIo = {
    log: (line) => lines.push(line),
    exists: (path) => path in files,
    read: (path) => (path === "wrangler.toml" ? toml : (files[path] ?? readFileSync(path, "utf8"))),
    build: (env) => {
      const config = resolve(toml, env);
      built.push(config);
      return { path: `dist/${env}/wrangler.json`, config };
    },
    resolve: (env) => resolve(toml, env),
    run: (command, args) => {
      ran.push([command, ...args].join(" "));
      return 0;
    },
  };
  return { io, ran, lines, built };
}
