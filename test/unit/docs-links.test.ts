// The README and docs/ point only at things that exist: every relative link resolves to a
// file or folder of the repository (and its #anchor to a heading of that page), and every
// repository path the text names in backticks (`worker/…`, `src/…`, …) is still there.
// A renamed file or a moved section fails here instead of leaving a dead reference.
import { describe, expect, it } from "vitest";

// Globs from the project root: their keys are "/README.md", "/worker/app.ts", …
const pages = import.meta.glob<string>(["/README.md", "/docs/*.md"], { query: "?raw", import: "default", eager: true });
const repoFiles = Object.keys(
  import.meta.glob(["/{src,worker,test,scripts,migrations,public,docs}/**/*", "/*.{md,json,ts,toml,html}", "/.ci/*", "/.nvmrc"]),
).map((key) => key.slice(1));

const exists = (path: string) => {
  const bare = path.replace(/\/$/, "");
  return repoFiles.includes(bare) || repoFiles.some((file) => file.startsWith(`${bare}/`));
};

/** `docs/x.md` + `../src/a.ts` → `src/a.ts`. */
function resolve(from: string, target: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const segment of target.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== ".") parts.push(segment);
  }
  return parts.join("/");
}

/** GitHub's anchor for a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

function anchorsOf(text: string): string[] {
  return [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!));
}

const pageNames = Object.keys(pages).map((key) => key.slice(1));
const textOf = (page: string) => pages[`/${page}`];

describe("the README and docs/", () => {
  it("are all there", () => {
    expect(pageNames).toEqual(expect.arrayContaining(["README.md", "docs/architecture.md", "docs/rules.md", "docs/api.md"]));
  });

  it("link only to files, folders and headings that exist", () => {
    const broken: string[] = [];
    for (const page of pageNames) {
      for (const [, target] of (textOf(page) ?? "").matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        const [path, anchor] = target!.split("#") as [string, string | undefined];
        const file = path === "" ? page : resolve(page, path);
        if (!exists(file)) broken.push(`${page}: ${target}`);
        else if (anchor && file.endsWith(".md") && !anchorsOf(textOf(file) ?? "").includes(anchor)) broken.push(`${page}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("name only repository paths that exist", () => {
    const missing: string[] = [];
    for (const page of pageNames) {
      for (const [, path] of (textOf(page) ?? "").matchAll(/`((?:src|worker|test|scripts|migrations|public|docs)\/[^`\s]*)`/g)) {
        if (/[<*…{]/.test(path!)) continue;
        if (!exists(path!)) missing.push(`${page}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
