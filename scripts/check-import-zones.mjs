// `npm run check`: the import zones hold at any folder depth. Biome's noRestrictedImports
// matches the text of a specifier, so its zones in biome.json are written per folder depth
// (`../*` from one depth is `../../*` from the next) and a file one folder deeper slips
// through. This check resolves every import of every file under src/ and worker/ to a
// repository path and judges that path, wherever the importing file sits. Biome's zones
// stay for their messages in the editor; this script is the authority.
// Type-only imports, side-effect imports (CSS) and dynamic import() count like any other.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const featureOf = (path) => /^src\/features\/([^/]+)\//.exec(path)?.[1];
const within = (path, ...folders) => folders.some((folder) => path.startsWith(`${folder}/`));
/** The feature whose in-wallet code a path is (`worker/<feature>/in-wallet.ts` or `worker/<feature>/in-wallet/…`). */
/** The root composition of the wallet: the composed object and its storage ladder. */
const WALLET_ROOT = new Set(["worker/user-wallet.ts", "worker/wallet-schema.ts"]);
const inWalletFeatureOf = (path) => /^worker\/([^/]+)\/in-wallet(?:\.ts$|\/)/.exec(path)?.[1];

/** The zones: each rule says in one sentence what it keeps apart, and which imports break it. */
export const zoneRules = [
  {
    name: "feature",
    sentence:
      "A feature never imports another feature or the app shell: compose features in src/app/routes, or move what both need to src/components, src/lib or src/shared.",
    breaks: (from, to) => {
      const feature = featureOf(from);
      if (feature === undefined) return false;
      const other = featureOf(to);
      return (other !== undefined && other !== feature) || within(to, "src/app");
    },
  },
  {
    name: "below-features",
    sentence: "src/lib, src/components and src/session serve every feature: they never import a feature or the app shell.",
    breaks: (from, to) => within(from, "src/lib", "src/components", "src/session") && within(to, "src/features", "src/app"),
  },
  {
    name: "shared",
    sentence: "src/shared holds pure rules and wire types used by both sides: it imports only src/shared and packages.",
    breaks: (from, to) => within(from, "src/shared") && !within(to, "src/shared"),
  },
  {
    name: "spa-worker",
    sentence: "The SPA never imports Worker code: share pure rules and wire types through src/shared.",
    breaks: (from, to) => within(from, "src") && (to === "worker" || within(to, "worker")),
  },
  {
    name: "worker-spa",
    sentence: "The Worker shares only src/shared with the SPA.",
    breaks: (from, to) => within(from, "worker") && within(to, "src") && !within(to, "src/shared"),
  },
  // The money kernel (worker/wallet/) knows accounts, transfers, bets and holds, not
  // features: the durable object is composed at the Worker's root (worker/user-wallet.ts),
  // which hands each feature's in-wallet code what it needs from another feature.
  {
    name: "kernel",
    sentence:
      "The wallet kernel (worker/wallet/) imports no feature: it may use src/shared, worker/logging and worker/tunables; compose features at the Worker's root.",
    breaks: (from, to) =>
      within(from, "worker/wallet") &&
      within(to, "worker") &&
      !within(to, "worker/wallet", "worker/logging") &&
      to !== "worker/tunables.ts",
  },
  {
    name: "in-wallet",
    sentence:
      "A feature's in-wallet code (worker/<feature>/in-wallet) runs inside the player's wallet: it imports only its own in-wallet code, the kernel (worker/wallet/), src/shared, worker/logging and worker/tunables.",
    breaks: (from, to) => {
      const feature = inWalletFeatureOf(from);
      if (feature === undefined || !within(to, "worker")) return false;
      return !(inWalletFeatureOf(to) === feature || within(to, "worker/wallet", "worker/logging") || to === "worker/tunables.ts");
    },
  },
  {
    name: "in-wallet-owner",
    sentence:
      "Only its own feature and the Worker's root composition (worker/user-wallet.ts) import a feature's in-wallet code: another feature asks the wallet through the stub type its owner exports (worker/<feature>/wallet.ts).",
    breaks: (from, to) => {
      const feature = inWalletFeatureOf(to);
      if (feature === undefined || WALLET_ROOT.has(from)) return false;
      return !within(from, `worker/${feature}`);
    },
  },
  {
    name: "wallet",
    sentence:
      "Worker code outside the wallet reaches the kernel only through its public face (worker/wallet/index.ts); in-wallet code and the root composition (worker/user-wallet.ts, worker/wallet-schema.ts) run inside the wallet and may use the kernel's parts.",
    breaks: (from, to) =>
      within(from, "worker") &&
      !within(from, "worker/wallet") &&
      inWalletFeatureOf(from) === undefined &&
      !WALLET_ROOT.has(from) &&
      within(to, "worker/wallet") &&
      to !== "worker/wallet/index.ts",
  },
];

// Static imports and re-exports (`import … from`, `export … from`, across lines), side-effect
// imports (`import "./x.css"`) and dynamic or type-position `import("…")`. The static forms
// are read only at the start of a line, so a comment's prose is not taken for an import.
const importPattern =
  /(?:^|\n)[ \t]*(?:import|export)\b[^"'`;]*?\bfrom\s*["']([^"']+)["']|(?:^|\n)[ \t]*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The module specifiers a source text imports, each with the line it is written on. */
export function importsIn(text) {
  return [...text.matchAll(importPattern)].map((match) => {
    const specifier = match[1] ?? match[2] ?? match[3];
    const at = match.index + match[0].lastIndexOf(specifier);
    return { specifier, line: text.slice(0, at).split("\n").length };
  });
}

const extensions = [".ts", ".tsx", ".mts", ".d.ts"];

/**
 * The repository path (`/`-separated) a relative specifier in `from` names, as the bundler
 * finds it: the file itself, with a TypeScript extension, or a folder's index. A path no
 * file answers is returned as written (the zones are folders, so it is judged all the
 * same). Packages (not starting with `.`) give null.
 */
export function resolveImport(from, specifier, isFile) {
  if (!specifier.startsWith(".")) return null;
  const base = posix.join(posix.dirname(from), specifier.replace(/\?.*$/, ""));
  const candidates = [base, ...extensions.map((ext) => base + ext), ...extensions.map((ext) => `${base}/index${ext}`)];
  return candidates.find(isFile) ?? base;
}

/**
 * Every import that breaks a zone: `files` maps repository paths to their text; `isFile`
 * says whether a path is a file (by default, whether it is one of `files`).
 */
export function zoneViolations(files, isFile = (path) => files.has(path)) {
  const violations = [];
  for (const [file, text] of files) {
    for (const { specifier, line } of importsIn(text)) {
      const target = resolveImport(file, specifier, isFile);
      if (target === null) continue;
      for (const rule of zoneRules) {
        if (rule.breaks(file, target)) violations.push({ file, line, specifier, target, rule: rule.name, sentence: rule.sentence });
      }
    }
  }
  return violations;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const sourceExtensions = [".ts", ".tsx", ".mts"];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return sourceExtensions.some((ext) => name.endsWith(ext)) ? [path] : [];
  });
}

/** Whether a repository path is a file on disk. */
export function isRepoFile(path) {
  try {
    return statSync(join(root, path)).isFile();
  } catch {
    return false;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = new Map(
    ["src", "worker"]
      .flatMap((folder) => sourceFiles(join(root, folder)))
      .map((file) => [relative(root, file).split(sep).join("/"), readFileSync(file, "utf8")]),
  );
  const violations = zoneViolations(files, isRepoFile);
  if (violations.length === 0) {
    console.log(`Import zones: ${files.size} files under src/ and worker/, no import crosses a zone.`);
  } else {
    console.error("✖ Imports that cross a zone:");
    for (const v of violations) console.error(`  ${v.file}:${v.line} imports "${v.specifier}" (${v.target})\n    ${v.sentence}`);
    process.exit(1);
  }
}
