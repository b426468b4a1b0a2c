// The wallet's storage ladder is composed from its parts: the kernel's tables and each
// feature's, every part holding its own steps under the rung numbers that shipped. A rung
// runs every part's step of its number, the kernel's first; a step under a rung the ladder
// does not have, or two steps of one part under one rung, stops the Worker at load.
import { describe, expect, it } from "vitest";
import { WALLET_MIGRATIONS } from "../../worker/wallet-schema";
import { composeLadder } from "../../worker/wallet/schema-migrations";

describe("composing the wallet's storage ladder", () => {
  it("gives each rung its purpose and every part's statements of that number, in the parts' order", () => {
    const kernel = [
      { version: 1, statements: ["CREATE TABLE wallet"] },
      { version: 3, statements: ["CREATE TABLE holds"] },
    ];
    const feature = [
      { version: 1, statements: ["CREATE TABLE limits", "CREATE INDEX limits_at"] },
      { version: 2, statements: ["CREATE TABLE notes"] },
    ];
    expect(composeLadder(["start", "notes", "holds"], [kernel, feature])).toEqual([
      { version: 1, purpose: "start", statements: ["CREATE TABLE wallet", "CREATE TABLE limits", "CREATE INDEX limits_at"] },
      { version: 2, purpose: "notes", statements: ["CREATE TABLE notes"] },
      { version: 3, purpose: "holds", statements: ["CREATE TABLE holds"] },
    ]);
  });

  it("refuses a step under a rung the ladder does not have, and two steps of one part under one rung", () => {
    expect(() => composeLadder(["start"], [[{ version: 2, statements: ["CREATE TABLE later"] }]])).toThrow(/rung 2/);
    expect(() =>
      composeLadder(
        ["start"],
        [
          [
            { version: 1, statements: ["a"] },
            { version: 1, statements: ["b"] },
          ],
        ],
      ),
    ).toThrow(/two steps under rung 1/);
  });

  it("is the ladder live wallets climbed: twenty-five rungs, each with a purpose and something to run", () => {
    expect(WALLET_MIGRATIONS.map((rung) => rung.version)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    for (const rung of WALLET_MIGRATIONS) {
      expect(rung.purpose.length).toBeGreaterThan(20);
      expect(rung.statements.length).toBeGreaterThan(0);
    }
    // The house accounts are built from the ledger after the table that holds them exists.
    expect(WALLET_MIGRATIONS[13]!.statements[0]).toMatch(/CREATE TABLE IF NOT EXISTS house_accounts/);
    // Then settlement's record of the box score version each game's props were re-graded from.
    expect(WALLET_MIGRATIONS[14]!.statements).toEqual([expect.stringMatching(/CREATE TABLE IF NOT EXISTS stats_regrades/)]);
  });
});
