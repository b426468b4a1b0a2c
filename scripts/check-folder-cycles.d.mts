// Types for check-folder-cycles.mjs (used by the unit tests).
export function folderOf(file: string): string;
export function folderGraph(files: string[]): Map<string, Map<string, string>>;
export function folderCycles(edges: Map<string, Map<string, string>>): string[][];
