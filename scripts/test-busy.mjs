// `npm run test:busy`: the whole test suite on a machine that is busy with other work. A
// CPU-bound load of its own (one spinning thread per core) runs beside `vitest run` the
// whole time, so a test that only passes when it has the machine to itself fails here
// rather than on a newcomer's laptop. `--runs N` repeats the suite N times in a row (the
// default is 1) and stops at the first failure; other arguments go to vitest.
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { bin, offlineEnv } from "./offline-env.mjs";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 1;
if (!Number.isInteger(runs) || runs < 1) {
  console.error("✖ --runs takes a whole number of runs, at least 1.");
  process.exit(2);
}

// Each thread spins until it is told to stop; a spin is cheap arithmetic, so the load is
// pure CPU with no memory or disk pressure of its own.
const SPIN = `
  const { parentPort } = require("node:worker_threads");
  let stop = false;
  parentPort.on("message", () => { stop = true; });
  let x = 0;
  (function spin() {
    const until = Date.now() + 50;
    while (Date.now() < until) x = (x * 1103515245 + 12345) % 2147483648;
    if (!stop) setImmediate(spin);
    else parentPort.close();
  })();
`;
const cores = availableParallelism();
const load = Array.from({ length: cores }, () => new Worker(SPIN, { eval: true }));
console.log(`test:busy: ${cores} spinning thread(s) beside the suite, ${runs} run(s)`);

let status = 0;
for (let run = 1; run <= runs && status === 0; run++) {
  const started = Date.now();
  const result = spawnSync(bin("vitest"), ["run", ...args], { stdio: "inherit", env: offlineEnv() });
  status = result.status ?? 1;
  console.log(`test:busy: run ${run} of ${runs} ${status === 0 ? "passed" : "failed"} in ${Math.round((Date.now() - started) / 1000)} s`);
}
for (const thread of load) thread.postMessage("stop");
process.exit(status);
