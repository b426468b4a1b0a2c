// `npm run check`: no two folders of the code import each other, directly or round a loop.
// Biome's noImportCycles sees file cycles; a folder cycle (wallet → payments → wallet
// through different files) is just as much a knot for the reader and the next change, and
// no linter here checks it. A folder is a Worker resource (worker/<resource>), an SPA
// feature (src/features/<feature>) or another top-level folder of src/ (src/shared,
// src/lib, src/app, …); a file directly in worker/ or src/ (app.ts, config.ts, tunables.ts)
// stands on its own.
// Type-only imports count: they tie the folders together just the same.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { importsIn, isRepoFile, resolveImport } from "./check-import-zones.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const roots = ["worker", "src"];
const extensions = [".ts", ".tsx", ".mts"];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return extensions.some((ext) => name.endsWith(ext)) ? [path] : [];
  });
}

/** The folder a file belongs to, as a repository-relative name. */
export function folderOf(file) {
  const parts = relative(root, file).split(sep);
  if (parts.length <= 2) return parts.join("/");
  if (parts[0] === "src" && parts[1] === "features") return parts.slice(0, 3).join("/");
  return parts.slice(0, 2).join("/");
}

export function folderGraph(files) {
  const edges = new Map();
  for (const file of files) {
    const from = folderOf(file);
    if (!edges.has(from)) edges.set(from, new Map());
    const path = relative(root, file).split(sep).join("/");
    for (const { specifier } of importsIn(readFileSync(file, "utf8"))) {
      const target = resolveImport(path, specifier, isRepoFile);
      if (!target || !roots.some((r) => target.startsWith(`${r}/`))) continue;
      const to = folderOf(join(root, target));
      if (to !== from && !edges.get(from).has(to)) edges.get(from).set(to, `${path} → ${target}`);
    }
  }
  return edges;
}

/** Strongly connected groups of more than one folder (Tarjan). */
export function folderCycles(edges) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const cycles = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index++;
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const edges = folderGraph(roots.flatMap((r) => sourceFiles(join(root, r))));
  const cycles = folderCycles(edges);
  if (cycles.length === 0) {
    console.log(`Folder imports: no cycles among ${edges.size} folders.`);
  } else {
    console.error("✖ Folders that import each other (one import per step shown):");
    for (const group of cycles) {
      console.error(`  ${group.join(" ⇄ ")}`);
      for (const from of group) for (const [to, example] of edges.get(from)) if (group.includes(to)) console.error(`    ${example}`);
    }
    process.exit(1);
  }
}
