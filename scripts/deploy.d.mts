// Types for deploy.mjs (used by the unit tests).
import type { BuiltConfig } from "./deploy-guard.mjs";
export type DeployIo = {
  log(line: string): void;
  exists(path: string): boolean;
  read(path: string): string;
  build(env: string): { path: string; config: BuiltConfig };
  resolve(env: string): BuiltConfig;
  run(command: string, args: string[]): number;
};
export function parseDeployArgs(argv: string[]): { env: string; secretsFile: string; noSecretsFile: boolean };
export function runDeploy(argv: string[], io: DeployIo): number;
