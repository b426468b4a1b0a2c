// The import-zone check that `npm run check` runs: it judges the path an import resolves to,
// not the specifier's text, so a zone holds however deep the importing file sits. The fake
// trees below are in memory; `npm run check` runs the same check over the real one.
import { describe, expect, it } from "vitest";
import { importsIn, resolveImport, zoneRules, zoneViolations } from "../../scripts/check-import-zones.mjs";

/** A fake tree: every path is a file, each importing the specifiers listed. */
const tree = (files: Record<string, string[]>) =>
  new Map(Object.entries(files).map(([path, specifiers]) => [path, specifiers.map((s) => `import { x } from "${s}";`).join("\n")]));

const broken = (files: Record<string, string[]>) => zoneViolations(tree(files)).map((v) => [v.file, v.target, v.rule]);

const library = {
  "src/features/betslip/components/betslip.tsx": [],
  "src/features/board/api/board-api.ts": [],
  "src/app/routes/home-route.tsx": [],
  "src/lib/api-client.ts": [],
  "src/shared/money.ts": [],
  "worker/wallet/index.ts": [],
  "worker/wallet/ledger.ts": [],
  "worker/cash-out/in-wallet.ts": [],
  "worker/payments/in-wallet/redemptions.ts": [],
  "worker/protection/in-wallet/identity.ts": [],
  "worker/protection/wallet.ts": [],
  "worker/tunables.ts": [],
};

describe("import zones", () => {
  it("reports every planted crossing with its rule, at any depth", () => {
    expect(
      broken({
        ...library,
        "src/features/board/components/cards/parts/odds-cell.tsx": [
          "../../../../betslip/components/betslip",
          "../../../../../app/routes/home-route",
        ],
        "src/lib/format/deep/odds-text.ts": ["../../../features/board/api/board-api"],
        "src/components/slip/slip-summary.tsx": ["../../features/betslip/components/betslip"],
        "src/session/board-session.ts": ["../features/board/api/board-api"],
        "worker/odds/price-desk/desk/pricing.ts": ["../../../wallet/ledger"],
        "src/shared/schemas/deep/bets.ts": ["../../../lib/api-client"],
        "src/features/board/api/board-feed.ts": ["../../../../worker/wallet"],
        "worker/bets/bets-routes.ts": ["../../src/lib/api-client"],
      }),
    ).toEqual([
      ["src/features/board/components/cards/parts/odds-cell.tsx", "src/features/betslip/components/betslip.tsx", "feature"],
      ["src/features/board/components/cards/parts/odds-cell.tsx", "src/app/routes/home-route.tsx", "feature"],
      ["src/lib/format/deep/odds-text.ts", "src/features/board/api/board-api.ts", "below-features"],
      ["src/components/slip/slip-summary.tsx", "src/features/betslip/components/betslip.tsx", "below-features"],
      ["src/session/board-session.ts", "src/features/board/api/board-api.ts", "below-features"],
      ["worker/odds/price-desk/desk/pricing.ts", "worker/wallet/ledger.ts", "wallet"],
      ["src/shared/schemas/deep/bets.ts", "src/lib/api-client.ts", "shared"],
      ["src/features/board/api/board-feed.ts", "worker/wallet/index.ts", "spa-worker"],
      ["worker/bets/bets-routes.ts", "src/lib/api-client.ts", "worker-spa"],
    ]);
  });

  it("names the file, line, import and the rule's sentence", () => {
    const [violation] = zoneViolations(
      tree({ ...library, "worker/odds/price-desk/desk/pricing.ts": ["../../../http/x", "../../../wallet/ledger"] }),
    );
    expect(violation).toEqual({
      file: "worker/odds/price-desk/desk/pricing.ts",
      line: 2,
      specifier: "../../../wallet/ledger",
      target: "worker/wallet/ledger.ts",
      rule: "wallet",
      sentence: zoneRules.find((rule) => rule.name === "wallet")?.sentence,
    });
  });

  it("passes imports that stay in their zone", () => {
    expect(
      broken({
        ...library,
        "src/features/board/components/cards/parts/odds-cell.tsx": ["../../../api/board-api", "../../../../../shared/money", "react"],
        "src/app/routes/board-route.tsx": ["../../features/board/api/board-api", "../../features/betslip/components/betslip"],
        "src/lib/format/odds-text.ts": ["../api-client", "../../shared/money"],
        "worker/odds/price-desk/desk/pricing.ts": ["../../../wallet", "../../../wallet/index", "../../../../src/shared/money", "hono"],
        "worker/wallet/bet-rows.ts": ["./ledger", "../tunables", "../../src/shared/money"],
        "worker/payments/in-wallet/redemptions.ts": ["../../wallet/ledger", "./standing", "../../tunables"],
        "worker/payments/redemption-service.ts": ["../protection/wallet", "../wallet"],
        "worker/user-wallet.ts": ["./cash-out/in-wallet", "./payments/in-wallet/redemptions", "./wallet/ledger"],
      }),
    ).toEqual([]);
  });
});

describe("the money kernel's zones", () => {
  it("refuse the kernel importing a feature, in-wallet code importing another feature, and anyone else importing in-wallet code", () => {
    expect(
      broken({
        ...library,
        "worker/wallet/ledger.ts": ["../cash-out/in-wallet"],
        "worker/wallet/deep/holds.ts": ["../../protection/wallet"],
        "worker/payments/in-wallet/redemptions.ts": ["../../protection/in-wallet/identity"],
        "worker/cash-out/in-wallet.ts": ["../protection/wallet"],
        "worker/admin/player-admin.ts": ["../payments/in-wallet/redemptions"],
      }),
    ).toEqual([
      ["worker/wallet/ledger.ts", "worker/cash-out/in-wallet.ts", "kernel"],
      ["worker/wallet/ledger.ts", "worker/cash-out/in-wallet.ts", "in-wallet-owner"],
      ["worker/cash-out/in-wallet.ts", "worker/protection/wallet.ts", "in-wallet"],
      ["worker/payments/in-wallet/redemptions.ts", "worker/protection/in-wallet/identity.ts", "in-wallet"],
      ["worker/payments/in-wallet/redemptions.ts", "worker/protection/in-wallet/identity.ts", "in-wallet-owner"],
      ["worker/wallet/deep/holds.ts", "worker/protection/wallet.ts", "kernel"],
      ["worker/admin/player-admin.ts", "worker/payments/in-wallet/redemptions.ts", "in-wallet-owner"],
    ]);
  });
});

describe("reading and resolving imports", () => {
  it("finds static, type, re-export, side-effect and dynamic imports, not prose in comments", () => {
    const text = [
      "// Moves a bet from 'open' to settled.",
      "import {",
      "  a,",
      "  type B,",
      '} from "./a";',
      'import type { C } from "../c";',
      'export { d } from "./d";',
      'import "./styles.css";',
      'const page = () => import("./page");',
    ].join("\n");
    expect(importsIn(text)).toEqual([
      { specifier: "./a", line: 5 },
      { specifier: "../c", line: 6 },
      { specifier: "./d", line: 7 },
      { specifier: "./styles.css", line: 8 },
      { specifier: "./page", line: 9 },
    ]);
  });

  it("resolves to the file the bundler loads: an extension, a folder's index, or the path as written", () => {
    const files = new Set(["worker/wallet/index.ts", "src/features/board/board-page.tsx", "src/features/board/board.css"]);
    const isFile = (path: string) => files.has(path);
    expect(resolveImport("worker/bets/bets-routes.ts", "../wallet", isFile)).toBe("worker/wallet/index.ts");
    expect(resolveImport("src/app/router.tsx", "../features/board/board-page", isFile)).toBe("src/features/board/board-page.tsx");
    expect(resolveImport("src/features/board/board-page.tsx", "./board.css", isFile)).toBe("src/features/board/board.css");
    expect(resolveImport("worker/bets/bets-routes.ts", "../wallet/ledger", isFile)).toBe("worker/wallet/ledger");
    expect(resolveImport("worker/share-cards/rasterise.ts", "./font/sans.bin?url", isFile)).toBe("worker/share-cards/font/sans.bin");
    expect(resolveImport("worker/bets/bets-routes.ts", "hono", isFile)).toBeNull();
  });
});
