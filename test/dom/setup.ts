// DOM test setup: unmount React trees between tests and reset device storage and cookies. Waits for
// an element allow 3 s (not Testing Library's 1 s): a lazy page's first import can take
// longer than that on a busy 2-core machine, and a wait that passes stays as fast.
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { SESSION_HINT_COOKIE } from "../../src/shared/session-hint";

configure({ asyncUtilTimeout: 3000 });

// Modules the board and the slip import lazily on first use (the board's event schemas,
// same-game pricing) are loaded here, before any test: otherwise the first test of a file
// to render the board pays their first transform inside its wait, which a busy machine can
// stretch past any fixed limit.
await Promise.all([import("../../src/shared/schemas/events"), import("../../src/shared/same-game")]);

/**
 * The network when a test does not script it. happy-dom's own fetch and WebSocket would
 * dial the page's host, localhost:3000, and print the refusal: from a signed-in page's
 * live socket, or from a poll or refresh still running as a test ends and its scripted
 * /api is unstubbed. These stand-ins are the globals' values from the start, so
 * `vi.unstubAllGlobals()` restores them rather than the real ones: an unscripted request
 * never settles, and an unscripted socket stays connecting. Tests that drive the API or
 * the socket stub their own (test/dom/app-fake-api.ts, test/dom/betslip-harness.tsx).
 */
class UnconnectedSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  readyState = UnconnectedSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  send(): void {}
  close(): void {
    this.readyState = UnconnectedSocket.CLOSED;
  }
}
Object.assign(globalThis, {
  WebSocket: UnconnectedSocket,
  fetch: () => new Promise<Response>(() => undefined),
});

// Most pages are tested signed in: the browser carries the Worker's session hint, so the
// app asks POST /api/auth/refresh at start (signed-out tests clear it).
beforeEach(() => {
  document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/`;
});
