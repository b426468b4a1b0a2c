// The folder-cycle check that `npm run check` runs: folders that import each other round a
// loop are reported (with the files that make each step), and a one-way tree passes.
import { describe, expect, it } from "vitest";
import { folderCycles, folderOf } from "../../scripts/check-folder-cycles.mjs";

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, `${from} → ${to}`]))]));

describe("folder cycles", () => {
  it("names the folders of a loop through three resources", () => {
    const cycles = folderCycles(
      graph({ "worker/wallet": ["worker/payments"], "worker/payments": ["worker/http"], "worker/http": ["worker/wallet"] }),
    );
    expect(cycles).toEqual([["worker/http", "worker/payments", "worker/wallet"]]);
  });

  it("passes imports that all point one way", () => {
    expect(
      folderCycles(graph({ "worker/bets": ["worker/wallet", "worker/http"], "worker/wallet": ["worker/http"], "worker/http": [] })),
    ).toEqual([]);
  });

  it("groups files by resource, by feature, and keeps top-level files apart", () => {
    const root = new URL("../..", import.meta.url).pathname;
    expect(folderOf(`${root}worker/wallet/deep/holds.ts`)).toBe("worker/wallet");
    expect(folderOf(`${root}src/features/board/components/event-card.tsx`)).toBe("src/features/board");
    expect(folderOf(`${root}src/shared/schemas/bets.ts`)).toBe("src/shared");
    expect(folderOf(`${root}worker/tunables.ts`)).toBe("worker/tunables.ts");
  });
});
