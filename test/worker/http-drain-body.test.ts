// An early answer must still read a small request body, or the bytes left on a
// keep-alive connection break the next request on it (worker/http/drain-request-body.ts).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";

// In-process, so the handler sees this very Request and `bodyUsed` tells what it read.
const app = createApp();
const call = (request: Request) => app.fetch(request, env, createExecutionContext());

function postWithBody(path: string, body: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Content-Length": String(body.length), ...headers },
    body,
  });
}

describe("unread request bodies", () => {
  it("are read before a 401 goes out", async () => {
    const request = postWithBody("/api/auth/refresh", "{}");
    const res = await call(request);
    expect(res.status).toBe(401);
    expect(request.bodyUsed).toBe(true);
  });

  it("are read before a 403 for a foreign origin and a 404 for an unknown route", async () => {
    const foreign = postWithBody("/api/placeBet", '{"kind":"Parlay"}', { Origin: "https://evil.example" });
    expect((await call(foreign)).status).toBe(403);
    expect(foreign.bodyUsed).toBe(true);
    const unknown = postWithBody("/api/nowhere", '{"a":1}');
    expect((await call(unknown)).status).toBe(404);
    expect(unknown.bodyUsed).toBe(true);
  });
});
