// Types for deploy-guard.mjs (used by the unit tests).
export type WorkerNames = { development?: string; production?: string; [env: string]: string | undefined };
export type BuiltConfig = Record<string, unknown> & { name?: string; targetEnvironment?: string; vars?: Record<string, unknown> };
export type DeployContext = {
  built: BuiltConfig;
  names: WorkerNames;
  secrets?: Record<string, string> | null;
  secretsFile?: string;
  others?: Record<string, BuiltConfig>;
};
export type DeployCheck = (context: DeployContext) => string | string[] | null | undefined;
export const DEPLOYABLE_ENVIRONMENTS: readonly string[];
export const REQUIRED_SECRETS: readonly string[];
export const DEPLOY_CHECKS: readonly DeployCheck[];
export function workerNames(tomlText: string): WorkerNames;
export function deployRefusal(built: BuiltConfig | null | undefined, names: WorkerNames): string | null;
export function deployRefusals(context: DeployContext, checks?: readonly DeployCheck[]): string[];
export function parseSecretsFile(text: string): Record<string, string>;
