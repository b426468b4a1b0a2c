// What a production deploy must not go out without: the sweepstakes sponsor. Vantage Cash
// is redeemable for prizes, so the Official Sweepstakes Rules must name who runs the
// sweepstakes and where free-entry cards are mailed (docs/sweepstakes.md). Pure, so
// scripts/deploy-guard.mjs can call it on the built config's vars before `wrangler deploy`.

/** Why these vars cannot run the sweepstakes: one sentence per missing setting; empty when they can. */
export function sponsorProblems(vars) {
  const problems = [];
  const text = (name) => (typeof vars?.[name] === "string" ? vars[name].trim() : "");
  if (!text("SPONSOR_NAME")) problems.push("SPONSOR_NAME is empty: the Official Sweepstakes Rules must name the sponsor");
  if (!text("SPONSOR_ADDRESS")) problems.push("SPONSOR_ADDRESS is empty: free-entry cards need a postal address to be mailed to");
  return problems;
}
