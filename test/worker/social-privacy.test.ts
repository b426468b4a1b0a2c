// Names that cannot impersonate: handles and usernames with bidi controls or zero-width
// characters, and handles that pass for the house's staff once folded, are refused on
// edit with a clear 400; a Google name has those characters stripped at sign-in.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { UserDocument } from "../../src/shared/schemas/user";
import { callGoogleMode, fakeGoogle, signInWithGoogle } from "./fake-google";
import { api, signIn, type SignedIn } from "./helpers";

afterEach(() => vi.unstubAllGlobals());

const patchMe = (p: SignedIn, body: unknown) => api("/api/me", { method: "PATCH", token: p.token, body: JSON.stringify(body) });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("names that cannot impersonate", () => {
  it("refuses handles and usernames with hidden characters or house words, with a clear 400", async () => {
    const p = await signIn();
    for (const bad of ["admin\u200B1", "\u202Eesab"]) {
      const res = await patchMe(p, { handle: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await errorOf(res)).toEqual({
        code: "invalid-handle",
        message: "Handles cannot contain invisible or direction-changing characters.",
      });
    }
    for (const bad of ["vantage_support", "supp0rt", "adm1n"]) {
      const res = await patchMe(p, { handle: bad });
      expect(res.status, bad).toBe(400);
      expect(await errorOf(res)).toEqual({ code: "handle-reserved", message: "That handle is reserved. Please choose another." });
    }
    const badminton = await patchMe(p, { handle: "badminton_fan" });
    expect(badminton.status).toBe(200);
    expect(((await badminton.json()) as UserDocument).handle).toBe("badminton_fan");

    for (const bad of ["admin\u200B", "\u202Eesab", "Ada\uFEFF"]) {
      const res = await patchMe(p, { displayName: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await errorOf(res)).toEqual({
        code: "invalid-argument",
        message: "Username cannot contain invisible or direction-changing characters.",
      });
    }
    const me = (await (await api("/api/me", { token: p.token })).json()) as UserDocument;
    expect(me.displayName).not.toMatch(/[\u200B\u202E\uFEFF]/);
  });

  it("signs a Google account in with the bidi override and zero-width characters stripped from its name", async () => {
    await fakeGoogle();
    const sub = `g-${crypto.randomUUID()}`;
    const result = await signInWithGoogle({ sub, email: `${sub}@gmail.com`, email_verified: true, name: "\u202EAda\u200B Lovelace\u2069" });
    expect(result.accessToken).not.toBeNull();
    const me = await callGoogleMode("/api/me", { headers: { Authorization: `Bearer ${result.accessToken}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as UserDocument).displayName).toBe("Ada Lovelace");
  });
});
