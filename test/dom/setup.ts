// DOM test setup: unmount React trees between tests and reset device storage. Waits for
// an element allow 3 s (not Testing Library's 1 s): a lazy page's first import can take
// longer than that on a busy 2-core machine, and a wait that passes stays as fast.
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
