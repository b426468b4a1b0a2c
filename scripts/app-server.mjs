// Starts the built app with `npm start` machinery on a private port and a fresh state
// folder, waits for /api/health, and stops it again. Used by the e2e journeys and the
// benchmark so both meet the app exactly as `npm start` serves it.
import { spawn } from "node:child_process";
import { closeSync, copyFileSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { offlineEnv } from "./offline-env.mjs";

/**
 * `args`: more flags for `wrangler dev` (e.g. `--var NAME:value` to set a tunable).
 * `stateIn`: the folder that holds the fresh state folder (the system's temporary folder
 * unless given; the benchmark keeps it in RAM).
 */
export async function startAppServer({ port, build = true, quiet = true, args = [], stateIn = tmpdir() } = {}) {
  const persistTo = mkdtempSync(join(stateIn, "vantage-state-"));
  const chosenPort = port ?? 18000 + Math.floor(Math.random() * 2000);
  // The server writes to a file, not a pipe: a caller that blocks its event loop (e.g.
  // spawnSync of the test runner) would otherwise stop draining the pipe, and wrangler
  // would stall on a full pipe buffer with every request hanging.
  const logPath = `${persistTo}.log`;
  const logFd = openSync(logPath, "w");
  const child = spawn(
    process.execPath,
    [
      new URL("./start.mjs", import.meta.url).pathname,
      "--port",
      String(chosenPort),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      persistTo,
      ...args,
    ],
    {
      // X_LOCAL_OBSERVABILITY: wrangler's local trace collector (on by default) records a
      // trace of every invocation, Durable Object call and binding call on disk, inside the
      // same runtime; under the benchmark's load it took a third of placeBet's throughput.
      // These servers are read through their own log and the app's JSON lines instead.
      env: offlineEnv({ SKIP_BUILD: build ? "0" : "1", NO_COLOR: "1", X_LOCAL_OBSERVABILITY: "false" }),
      stdio: quiet ? ["ignore", logFd, logFd] : "inherit",
      detached: true,
    },
  );
  closeSync(logFd);
  const log = () => readFileSync(logPath, "utf8");
  const baseUrl = `http://127.0.0.1:${chosenPort}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app server exited early:\n${log().slice(-4000)}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`app server did not come up:\n${log().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    /** The server's process group (wrangler and both runtimes): the bench reads their CPU. */
    groupId: child.pid,
    persistTo,
    logPath,
    log,
    /** Stops the server; `keepLogAt` keeps a copy of its full output there. */
    async stop({ keepLogAt } = {}) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 500));
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
      rmSync(persistTo, { recursive: true, force: true });
      if (keepLogAt) copyFileSync(logPath, keepLogAt);
      rmSync(logPath, { force: true });
    },
  };
}
