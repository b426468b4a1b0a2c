// Local stand-in for Cloudflare's cron: neither `vite dev` nor `wrangler dev` fires
// scheduled triggers by themselves, so `npm run dev` and `npm start` call the Worker's
// development-only GET /__scheduled on the wrangler.toml schedule (every 2 minutes, on
// even minutes). The Worker runs every step of the real cron. LOCAL_CRON=0
// turns it off.
const CRON = "*/2 * * * *";
const EVERY_MS = 2 * 60_000;

/** The value of `--flag value` or `--flag=value` in args, if given. */
export function flagValue(args, flag) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === flag && args[i + 1]) return args[i + 1];
    if (args[i]?.startsWith(`${flag}=`)) return args[i].slice(flag.length + 1);
  }
  return undefined;
}

export function startLocalCron(origin) {
  if (process.env.LOCAL_CRON === "0") return;
  const url = `${origin}/__scheduled?cron=${encodeURIComponent(CRON).replace(/%20/g, "+")}`;
  const tick = async () => {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
      await res.body?.cancel();
    } catch {
      // The server is still starting or restarting; the next tick tries again.
    }
  };
  const untilNext = EVERY_MS - (Date.now() % EVERY_MS);
  const first = setTimeout(() => {
    void tick();
    setInterval(() => void tick(), EVERY_MS).unref();
  }, untilNext);
  first.unref();
  console.log(`local cron: settlement every 2 minutes via ${url} (LOCAL_CRON=0 turns it off)`);
}
