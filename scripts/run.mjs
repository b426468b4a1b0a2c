// Small process helpers for the npm scripts: run a step to completion, or hand the
// terminal to a long-running server and pass signals through.
import { spawn, spawnSync } from "node:child_process";
import { offlineEnv } from "./offline-env.mjs";

export function step(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: offlineEnv(options.env), cwd: options.cwd });
  if (result.status !== 0) {
    console.error(`\n✖ ${[command, ...args].join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

export function serve(command, args, options = {}) {
  const child = spawn(command, args, { stdio: "inherit", env: offlineEnv(options.env) });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
  return child;
}
