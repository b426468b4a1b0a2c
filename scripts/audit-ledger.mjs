// `npm run audit -- [--remote] [--origin URL] [--sample N] [--page N]`: checks every
// player's wallet (or a random sample of N) through the operator API
// GET /api/admin/ledger-audit — each wallet's ledger sum = its balance, what is owed =
// the owed ledger's sum, and the D1 projection = the wallet — and prints every mismatch.
// Exits 1 when any wallet disagrees, 2 when it could not run.
//
// Locally it talks to a running `npm run dev` (default http://localhost:5173) and signs
// in through the development sign-in as the first ADMIN_EMAILS address of wrangler.toml.
// With --remote it needs --origin (or VANTAGE_ORIGIN) and an operator's access token in
// VANTAGE_ADMIN_TOKEN (the development sign-in does not exist in production).
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const remote = args.includes("--remote");
const origin = (flag("--origin") ?? process.env.VANTAGE_ORIGIN ?? (remote ? "" : "http://localhost:5173")).replace(/\/$/, "");
const sample = flag("--sample");
const pageSize = Number(flag("--page") ?? 25);

function fail(message) {
  console.error(`audit: ${message}`);
  process.exit(2);
}

async function call(path, init = {}) {
  const res = await fetch(`${origin}${path}`, {
    ...init,
    headers: { Origin: origin, "Content-Type": "application/json", ...init.headers },
  });
  const body = await res.json().catch(() => null);
  if (!res.ok) fail(`${init.method ?? "GET"} ${path} answered ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function operatorToken() {
  if (remote) {
    if (!origin) fail("--remote needs --origin https://your.domain (or VANTAGE_ORIGIN)");
    const token = process.env.VANTAGE_ADMIN_TOKEN;
    if (!token) fail("--remote needs an operator's access token in VANTAGE_ADMIN_TOKEN");
    return token;
  }
  const toml = readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8");
  const email = /ADMIN_EMAILS\s*=\s*"([^",]+)/.exec(toml)?.[1]?.trim();
  if (!email) fail("no ADMIN_EMAILS address in wrangler.toml");
  const { idToken } = await call("/api/auth/dev/id-token", { method: "POST", body: JSON.stringify({ email }) });
  const { accessToken } = await call("/api/auth/session", { method: "POST", body: JSON.stringify({ idToken }) });
  return accessToken;
}

const token = await operatorToken().catch((err) => fail(`cannot reach ${origin}: ${err.message}`));
const headers = { Authorization: `Bearer ${token}` };
let checked = 0;
const mismatches = [];
if (sample) {
  const page = await call(`/api/admin/ledger-audit?sample=1&limit=${Math.min(100, Number(sample))}`, { headers });
  checked += page.checked;
  mismatches.push(...page.mismatches);
} else {
  let after = "";
  for (;;) {
    const page = await call(`/api/admin/ledger-audit?limit=${pageSize}&after=${encodeURIComponent(after)}`, { headers });
    checked += page.checked;
    mismatches.push(...page.mismatches);
    process.stderr.write(`\raudit: ${checked} wallets checked`);
    if (!page.next) break;
    after = page.next;
  }
  process.stderr.write("\n");
}
for (const m of mismatches) console.log(`MISMATCH ${m.userId}: ${m.mismatches.join("; ")}`);
console.log(`audit: ${checked} wallets checked on ${origin}, ${mismatches.length} with mismatches`);
process.exit(mismatches.length > 0 ? 1 : 0);
