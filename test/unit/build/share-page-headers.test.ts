// The share pages the Worker answers (worker/share-cards/) are SPA pages too: they carry
// exactly the headers public/_headers gives every other page, and the worker tests'
// stand-in for the built shell (test/worker/fixtures/spa/index.html) is index.html.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SPA_PAGE_HEADERS } from "../../../worker/share-cards/spa-headers";
import { PRODUCT_TITLE } from "../../../src/lib/brand";

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), "utf8");

describe("share pages", () => {
  it("set the headers public/_headers sets on every page", () => {
    const block = read("public/_headers")
      .split(/^\/\*$/m)[1]!
      .split(/^\S/m)[0]!;
    const headers = Object.fromEntries(
      block
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line.includes(": "))
        .map((line) => [line.slice(0, line.indexOf(": ")), line.slice(line.indexOf(": ") + 2)]),
    );
    expect(SPA_PAGE_HEADERS).toEqual(headers);
  });

  it("are tested against the real index.html", () => {
    expect(read("test/worker/fixtures/spa/index.html")).toBe(read("index.html").replaceAll("%PRODUCT_TITLE%", PRODUCT_TITLE));
  });
});
