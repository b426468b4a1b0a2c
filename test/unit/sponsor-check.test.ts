// Production must not deploy a sweepstakes without a sponsor: the deploy guard asks
// sponsorProblems about the built config's vars and refuses while it names any.
import { describe, expect, it } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import { sponsorProblems } from "../../scripts/sponsor-check.mjs";

describe("sponsorProblems", () => {
  it("lets vars with a sponsor and an address through", () => {
    expect(
      sponsorProblems({ APP_ENV: "production", SPONSOR_NAME: "Example Sweeps LLC", SPONSOR_ADDRESS: "PO Box 42, Austin, TX" }),
    ).toEqual([]);
  });

  it("names each missing or blank setting", () => {
    expect(sponsorProblems({ SPONSOR_NAME: " ", SPONSOR_ADDRESS: "" })).toEqual([
      expect.stringContaining("SPONSOR_NAME"),
      expect.stringContaining("SPONSOR_ADDRESS"),
    ]);
    expect(sponsorProblems({ SPONSOR_NAME: "Example Sweeps LLC" })).toEqual([expect.stringContaining("SPONSOR_ADDRESS")]);
    expect(sponsorProblems(undefined)).toHaveLength(2);
  });

  it("refuses wrangler.toml's production vars as shipped, until an operator fills them in", () => {
    const production = wranglerToml.slice(wranglerToml.indexOf("[env.production.vars]"));
    const vars = Object.fromEntries([...production.matchAll(/^(SPONSOR_\w+)\s*=\s*"([^"]*)"/gm)].map((m) => [m[1], m[2]]));
    expect(Object.keys(vars)).toEqual(["SPONSOR_NAME", "SPONSOR_ADDRESS"]);
    expect(sponsorProblems(vars)).toHaveLength(2);
  });
});
