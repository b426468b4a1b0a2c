// DOM test setup: unmount React trees between tests and reset device storage and cookies. Waits for
// an element allow 3 s (not Testing Library's 1 s): a lazy page's first import can take
// longer than that on a busy 2-core machine, and a wait that passes stays as fast.
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { SESSION_HINT_COOKIE } from "../../src/shared/session-hint";

configure({ asyncUtilTimeout: 3000 });

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
