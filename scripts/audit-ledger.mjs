// `npm run audit -- [--remote] [--origin URL] [--sample N] [--page N]`: checks every
// player's wallet (or a random sample of N) through the operator API
// GET /api/admin/ledger-audit — each wallet's ledger sum = its balance, what is owed =
// the owed ledger's sum, per currency the balance plus the house accounts sums to zero
// (the double entry, worker/wallet/accounts.ts), and the D1 projection = the wallet — and
// prints every mismatch, then the house accounts summed over every wallet checked.
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
const house = { coins: {}, cash: {} };
function addPage(page) {
  checked += page.checked;
  mismatches.push(...page.mismatches);
  for (const currency of ["coins", "cash"]) {
    for (const [account, balance] of Object.entries(page.houseTotals[currency])) {
      house[currency][account] = (house[currency][account] ?? 0) + balance;
    }
  }
}
if (sample) {
  addPage(await call(`/api/admin/ledger-audit?sample=1&limit=${Math.min(100, Number(sample))}`, { headers }));
} else {
  let after = "";
  for (;;) {
    const page = await call(`/api/admin/ledger-audit?limit=${pageSize}&after=${encodeURIComponent(after)}`, { headers });
    addPage(page);
    process.stderr.write(`\raudit: ${checked} wallets checked`);
    if (!page.next) break;
    after = page.next;
  }
  process.stderr.write("\n");
}
for (const m of mismatches) console.log(`MISMATCH ${m.userId}: ${m.mismatches.join("; ")}`);

// The house's side of every wallet checked, in minor units (Coins, Vantage Cash cents):
// positive is what the house took in from players, negative what it paid or issued them.
const balanceOf = (currency, account) => house[currency][account] ?? 0;
const sumOf = (currency, accounts) => accounts.reduce((total, account) => total + balanceOf(currency, account), 0);
const rows = [
  ...Object.keys({ ...house.coins, ...house.cash }).map((account) => [account, (c) => balanceOf(c, account)]),
  ["= the house's result on bets (stakes + payouts + cash_outs)", (c) => sumOf(c, ["stakes", "payouts", "cash_outs"])],
  ["= owed to the house by players (−owed)", (c) => -balanceOf(c, "owed")],
  ["= players' balances, which the house owes (−all accounts)", (c) => -sumOf(c, Object.keys(house[c]))],
];
const width = Math.max(...rows.map(([label]) => label.length));
console.log(`house accounts over ${checked} ${sample ? "sampled " : ""}wallets (credits − debits):`);
console.log(`  ${"".padEnd(width)}  ${"Coins".padStart(14)}  ${"Cash cents".padStart(14)}`);
for (const [label, value] of rows) {
  console.log(`  ${label.padEnd(width)}  ${String(value("coins")).padStart(14)}  ${String(value("cash")).padStart(14)}`);
}
console.log(`audit: ${checked} wallets checked on ${origin}, ${mismatches.length} with mismatches`);
process.exit(mismatches.length > 0 ? 1 : 0);
