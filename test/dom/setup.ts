// DOM test setup: unmount React trees between tests and reset device storage and cookies. Waits for
// an element allow 3 s (not Testing Library's 1 s): a lazy page's first import can take
// longer than that on a busy 2-core machine, and a wait that passes stays as fast.
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { SESSION_HINT_COOKIE } from "../../src/shared/session-hint";

configure({ asyncUtilTimeout: 3000 });

/**
 * The wallet's live socket when a test does not script one: it stays connecting and never
 * reaches the network (happy-dom's own WebSocket would dial localhost:3000 and print the
 * refusal). Tests that drive the socket stub their own (test/dom/betslip-harness.tsx).
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

// Most pages are tested signed in: the browser carries the Worker's session hint, so the
// app asks POST /api/auth/refresh at start (signed-out tests clear it).
beforeEach(() => {
  document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
  vi.stubGlobal("WebSocket", UnconnectedSocket);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/`;
});
