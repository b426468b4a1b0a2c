// Types for deploy-guard.mjs (used by the unit tests).
export type WorkerNames = { development?: string; production?: string };
export function workerNames(tomlText: string, env?: string): WorkerNames;
export function deployRefusal(
  built: { name?: string; vars?: Record<string, unknown> } | null | undefined,
  names: WorkerNames,
): string | null;
