// wrangler's local trace collector records every invocation, Durable Object call and
// binding call to disk inside the same runtime; on by default in the pinned wrangler, it
// took a fifth of the runtime's time under load (docs/benchmark.md) and made a crowd's
// settlement take minutes on a developer's server. `npm start` and `npm run dev` turn it
// off unless asked for with `--traces`, which this strips before wrangler or Vite sees it.
export function withoutTracesFlag(args) {
  const traces = args.includes("--traces");
  return { traces, args: args.filter((a) => a !== "--traces") };
}

/** The environment that turns the collector off, unless traces were asked for. */
export function tracesEnv(traces) {
  return traces ? {} : { X_LOCAL_OBSERVABILITY: "false" };
}
