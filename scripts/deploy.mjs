// `npm run deploy` (production) or `npm run deploy -- --env staging`: build that
// environment of wrangler.toml, check the bundle and the secrets going up with it
// (deploy-guard.mjs: every refusal names its fix) before any remote call, then apply D1
// migrations to the remote database and deploy exactly that bundle with its secrets
// (`wrangler deploy --secrets-file`, so a first deploy's Worker never runs without them).
// Needs `wrangler login` (or CLOUDFLARE_API_TOKEN) and the resources listed in
// docs/operations.md ("From an empty account").
//
// Flags: --env production|staging; --secrets-file PATH (default .secrets.<env>.env, JSON
// or NAME=value lines); --no-secrets-file when the Worker already holds every secret.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { DEPLOYABLE_ENVIRONMENTS, deployRefusals, parseSecretsFile, workerNames } from "./deploy-guard.mjs";
import { bin, offlineEnv } from "./offline-env.mjs";

export function parseDeployArgs(argv) {
  const args = { env: "production", secretsFile: undefined, noSecretsFile: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--env") args.env = argv[++i];
    else if (arg.startsWith("--env=")) args.env = arg.slice(6);
    else if (arg === "--secrets-file") args.secretsFile = argv[++i];
    else if (arg.startsWith("--secrets-file=")) args.secretsFile = arg.slice(15);
    else if (arg === "--no-secrets-file") args.noSecretsFile = true;
    else throw new Error(`unknown flag ${arg} (use --env, --secrets-file or --no-secrets-file)`);
  }
  args.secretsFile ??= `.secrets.${args.env}.env`;
  return args;
}

/**
 * The deploy, its outside world passed in: `build(env)` builds and answers the built Worker
 * config and its path, `resolve(env)` reads an environment of wrangler.toml as wrangler
 * does (no build, no network), `run(command, args)` runs a remote step and answers its
 * exit status. Answers the exit code; nothing remote runs when a check refuses.
 */
export function runDeploy(argv, io) {
  let args;
  try {
    args = parseDeployArgs(argv);
  } catch (err) {
    io.log(`Refusing to deploy: ${err.message}.`);
    return 2;
  }
  if (!DEPLOYABLE_ENVIRONMENTS.includes(args.env)) {
    io.log(`Refusing to deploy: --env must be ${DEPLOYABLE_ENVIRONMENTS.join(" or ")}, not ${JSON.stringify(args.env)}.`);
    return 2;
  }
  let secrets = null;
  if (!args.noSecretsFile) {
    if (!io.exists(args.secretsFile)) {
      io.log(
        `Refusing to deploy: no secrets file ${args.secretsFile}. Copy .dev.vars.example to ${args.secretsFile} and fill in the ${args.env} values (docs/operations.md, "Secrets"), or pass --no-secrets-file when the Worker already holds them.`,
      );
      return 1;
    }
    secrets = parseSecretsFile(io.read(args.secretsFile));
  }
  const built = io.build(args.env);
  const others = Object.fromEntries(DEPLOYABLE_ENVIRONMENTS.filter((e) => e !== args.env).map((e) => [e, io.resolve(e)]));
  const refusals = deployRefusals({
    built: built.config,
    names: workerNames(io.read("wrangler.toml")),
    secrets,
    secretsFile: args.secretsFile,
    others,
  });
  if (refusals.length > 0) {
    io.log(`Refusing to deploy ${args.env}:\n${refusals.map((r) => `  - ${r}`).join("\n")}`);
    return 1;
  }
  const steps = [
    ["wrangler", ["d1", "migrations", "apply", "DB", "--remote", "--env", args.env, "-c", "wrangler.toml"]],
    ["wrangler", ["deploy", "-c", built.path, ...(secrets === null ? [] : ["--secrets-file", args.secretsFile])]],
  ];
  for (const [command, stepArgs] of steps) {
    const status = io.run(command, stepArgs);
    if (status !== 0) return status;
  }
  return 0;
}

/** The Worker config the build wrote (vite's redirected config), as `wrangler deploy` will read it. */
function builtConfig() {
  const redirect = resolve(".wrangler/deploy/config.json");
  const { configPath } = JSON.parse(readFileSync(redirect, "utf8"));
  const path = resolve(dirname(redirect), configPath);
  return { path, config: JSON.parse(readFileSync(path, "utf8")) };
}

const realIo = {
  log: (line) => console.error(line),
  exists: existsSync,
  read: (path) => readFileSync(path, "utf8"),
  build(env) {
    // The deploy itself goes to the network; the build does not need to.
    const result = spawnSync(bin("vite"), ["build"], { stdio: "inherit", env: offlineEnv({ CLOUDFLARE_ENV: env }) });
    if (result.status !== 0) process.exit(result.status ?? 1);
    return builtConfig();
  },
  resolve(env) {
    const result = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { unstable_readConfig } from "wrangler"; process.stdout.write(JSON.stringify(unstable_readConfig({ config: "wrangler.toml", env: ${JSON.stringify(env)} }, { hideWarnings: true })));`,
      ],
      { encoding: "utf8", env: offlineEnv() },
    );
    if (result.status !== 0) throw new Error(`reading [env.${env}] of wrangler.toml failed: ${result.stderr}`);
    return JSON.parse(result.stdout);
  },
  run(command, args) {
    return spawnSync(bin(command), args, { stdio: "inherit" }).status ?? 1;
  },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exit(runDeploy(process.argv.slice(2), realIo));
