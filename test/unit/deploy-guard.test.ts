// Security review finding 8, deploy footguns: production has its own Worker name, and
// `npm run deploy` refuses any bundle that is not the production build under that name,
// so a development bundle (embedded sign-in: anyone can be anyone) can never replace it.
import { describe, expect, it } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import { deployRefusal, workerNames } from "../../scripts/deploy-guard.mjs";

describe("wrangler.toml", () => {
  it("gives production a Worker name of its own", () => {
    const names = workerNames(wranglerToml);
    expect(names.development).toBe("vantage");
    expect(names.production).toBe("vantage-production");
  });
});

describe("the deploy guard", () => {
  const names = { development: "vantage", production: "vantage-production" };

  it("lets the production build through", () => {
    expect(deployRefusal({ name: "vantage-production", vars: { APP_ENV: "production" } }, names)).toBeNull();
  });

  it("refuses a development build, whatever its name", () => {
    expect(deployRefusal({ name: "vantage", vars: { APP_ENV: "development" } }, names)).toContain("not a production build");
    expect(deployRefusal({ name: "vantage-production", vars: { APP_ENV: "development" } }, names)).toContain("not a production build");
    expect(deployRefusal({ name: "vantage-production" }, names)).toContain("not a production build");
  });

  it("refuses a production build under another Worker's name, and a config where production shares the development name", () => {
    expect(deployRefusal({ name: "vantage", vars: { APP_ENV: "production" } }, names)).toContain("not production's");
    expect(
      deployRefusal({ name: "vantage", vars: { APP_ENV: "production" } }, { development: "vantage", production: "vantage" }),
    ).toContain("own Worker name");
  });
});
