// Types for scripts/sponsor-check.mjs (imported by tests and by the deploy guard).
export function sponsorProblems(vars: Record<string, unknown> | undefined): string[];
