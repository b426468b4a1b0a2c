// The money kernel (worker/wallet/) knows accounts, transfers, bets and holds, and no
// feature: no kernel file names a feature's folder, in an import or in prose, so a feature
// can be added, moved or removed without editing the kernel. Features reach it the other
// way round (worker/<feature>/in-wallet), and the Worker's root composes them.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(join(root, path)).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The Worker's folders that hold in-wallet code: the features composed into the wallet. */
const features = readdirSync(join(root, "worker")).filter((name) => {
  const folder = join(root, "worker", name);
  return statSync(folder).isDirectory() && readdirSync(folder).some((entry) => entry === "in-wallet" || entry === "in-wallet.ts");
});

describe("the money kernel", () => {
  it("finds the features composed into the wallet", () => {
    expect(features).toEqual(expect.arrayContaining(["bets", "cash-out", "payments", "protection", "settlement", "sweepstakes"]));
  });

  it("names no feature's folder in any kernel file", () => {
    const kernel = filesUnder("worker/wallet");
    expect(kernel.length).toBeGreaterThan(5);
    const mentions = kernel.flatMap((file) => {
      const text = readFileSync(join(root, file), "utf8");
      return features
        .filter((feature) => text.includes(`worker/${feature}/`) || new RegExp(`["'](?:\\.\\./)+${feature}/`).test(text))
        .map((feature) => `${file} names ${feature}`);
    });
    expect(mentions).toEqual([]);
  });
});
