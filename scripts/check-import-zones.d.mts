// Types for check-import-zones.mjs (used by the unit tests).
export type ImportLine = { specifier: string; line: number };
export type ZoneRule = { name: string; sentence: string; breaks: (from: string, to: string) => boolean };
export type ZoneViolation = { file: string; line: number; specifier: string; target: string; rule: string; sentence: string };
export const zoneRules: readonly ZoneRule[];
export function importsIn(text: string): ImportLine[];
export function resolveImport(from: string, specifier: string, isFile: (path: string) => boolean): string | null;
export function zoneViolations(files: ReadonlyMap<string, string>, isFile?: (path: string) => boolean): ZoneViolation[];
export function isRepoFile(path: string): boolean;
