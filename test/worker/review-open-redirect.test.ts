// Security review finding 1: `safeFromPath` checked the raw `from` string but returned
// the normalised path, so `from=/.//evil.example/x` came back as `//evil.example/x` — a
// scheme-relative URL the browser follows to another host, right after a valid sign-in.
// (The full redirect flow is covered in auth-google-flow.test.ts.)
import { describe, expect, it } from "vitest";
import { safeFromPath } from "../../worker/auth/redirect-target";

describe("safeFromPath", () => {
  it("never answers a path a browser would read as another host", () => {
    const hostile = [
      "/.//evil.example/x",
      "/%2e//evil.example/x",
      "/%2E%2E//evil.example/x",
      "/a/..//evil.example/x",
      "/./%2e/..//evil.example",
      "/.%2f/evil.example",
      "/./\\evil.example",
      "/%5c%5cevil.example",
      "/\t/evil.example",
      "/api/../api/me",
      "/%61pi/me",
    ];
    for (const from of hostile) {
      const target = safeFromPath(from);
      expect({ from, scheme: target.startsWith("//") || target.startsWith("/\\") }).toEqual({ from, scheme: false });
      const resolved = new URL(target, "https://vantage.example");
      expect({ from, host: resolved.host }).toEqual({ from, host: "vantage.example" });
    }
    expect(safeFromPath("/.//evil.example/x")).toBe("/");
    expect(safeFromPath("/%2e//evil.example/x")).toBe("/");
    expect(safeFromPath("/a/..//evil.example/x")).toBe("/");
  });

  it("keeps ordinary SPA paths with their query and fragment", () => {
    expect(safeFromPath("/picks?filter=open")).toBe("/picks?filter=open");
    expect(safeFromPath("/shop#packs")).toBe("/shop#packs");
    expect(safeFromPath("/./redeem")).toBe("/redeem");
    expect(safeFromPath("/sports/a/../basketball_nba")).toBe("/sports/basketball_nba");
    expect(safeFromPath(undefined)).toBe("/");
  });
});
