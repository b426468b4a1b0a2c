// How an encrypted push reaches its endpoint: over the network to the browser's push
// service, or — for an endpoint the embedded push service issued, in development only —
// handed to it in process (worker/dev/push-service.ts), the same request either way.
import { pushMode } from "../config";
import { EMBEDDED_INBOX_PATH, receiveEmbeddedPush } from "../dev/push-service";

export type PushRequest = { method: string; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> };
export type PushTransport = (endpoint: string, request: PushRequest) => Promise<Response>;

/** The embedded service's subscription id when `endpoint` is one of its inboxes and it is active. */
function embeddedInbox(env: Env, endpoint: string): string | null {
  if (pushMode(env) !== "embedded") return null;
  const path = new URL(endpoint).pathname;
  return path.startsWith(EMBEDDED_INBOX_PATH) ? path.slice(EMBEDDED_INBOX_PATH.length) : null;
}

export function pushTransport(env: Env, now: () => number = Date.now): PushTransport {
  return async (endpoint, request) => {
    const init: RequestInit = { method: request.method, headers: request.headers, body: request.body };
    const inbox = embeddedInbox(env, endpoint);
    if (inbox !== null) return receiveEmbeddedPush(env, inbox, new Request(endpoint, init), now());
    return fetch(endpoint, init);
  };
}
