// Types for app-server.mjs (used by the browser journeys that need a server of their own).
export type AppServer = {
  baseUrl: string;
  groupId: number;
  persistTo: string;
  logPath: string;
  log(): string;
  stop(options?: { keepLogAt?: string }): Promise<void>;
};
export function startAppServer(options?: {
  port?: number;
  build?: boolean;
  quiet?: boolean;
  args?: string[];
  stateIn?: string;
}): Promise<AppServer>;
