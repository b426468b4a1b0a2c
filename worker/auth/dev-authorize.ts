// The embedded provider's OAuth side, standing in for Google's authorize and token
// endpoints in development: an account-chooser page (a few ready accounts plus "use
// another e-mail") that hands the browser back to our callback with an authorization
// code, and the code exchange that checks client, redirect URI and PKCE before minting
// an RS256 ID token. The code is a short-lived signed statement of what was chosen,
// so the provider needs no storage of its own.
import { jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { sessionSigningKey } from "../config";
import { ApiError } from "../http/api-error";
import { mintDevIdToken } from "./dev-identity-provider";
import type { IdentityConfig } from "./identity-config";
import { constantTimeEqual, s256Challenge } from "./pkce";
import { escapeHtml } from "../http/stand-in-page";

export const DEV_CLIENT_SECRET = "vantage-local-dev-secret";
const CODE_TTL_S = 120;
const CODE_AUDIENCE = "vantage-dev-authorization-code";

export const DEV_ACCOUNTS: readonly { email: string; name: string }[] = [
  { email: "ada@vantage.test", name: "Ada Lovelace" },
  { email: "grace@vantage.test", name: "Grace Hopper" },
  { email: "alan@vantage.test", name: "Alan Turing" },
  { email: "admin@vantage.test", name: "Vantage Admin" },
  // A second operator (ADMIN_EMAILS in wrangler.toml): approvals need someone other than the requester.
  { email: "ops@vantage.test", name: "Vantage Ops" },
];

export const AuthorizeParamsSchema = z.object({
  client_id: z.string().min(1).max(256),
  redirect_uri: z.string().min(1).max(2048),
  response_type: z.literal("code"),
  scope: z.string().max(256).optional(),
  state: z.string().min(16).max(512),
  nonce: z.string().min(16).max(512),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "code_challenge must be an S256 challenge"),
  code_challenge_method: z.literal("S256"),
  prompt: z.string().max(64).optional(),
});
export type AuthorizeParams = z.infer<typeof AuthorizeParamsSchema>;

export const ChosenAccountSchema = z.object({
  email: z.email().max(254),
  name: z.string().trim().max(64).optional(),
});

/** The authorize request must name our client and our own callback exactly. */
export function checkAuthorizeRequest(params: AuthorizeParams, config: IdentityConfig, callbackUrl: string): void {
  if (params.client_id !== config.clientId) throw new ApiError(400, "invalid-client", "Unknown client_id.");
  if (params.redirect_uri !== callbackUrl) throw new ApiError(400, "invalid-redirect-uri", "redirect_uri is not registered.");
}

function codeKey(env: Env): Uint8Array {
  const key = sessionSigningKey(env);
  if (!key) throw new ApiError(503, "not-configured", "Sign-in is not configured on this server.");
  return new TextEncoder().encode(`dev-code:${key}`);
}

export async function issueDevCode(
  env: Env,
  params: AuthorizeParams,
  account: { email: string; name?: string },
  now: number,
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({
    email: account.email,
    name: account.name ?? null,
    nonce: params.nonce,
    cc: params.code_challenge,
    ru: params.redirect_uri,
    cid: params.client_id,
  })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(CODE_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + CODE_TTL_S)
    .sign(codeKey(env));
}

export type CodeExchangeRequest = {
  code: string;
  redirectUri: string;
  clientId: string;
  clientSecret: string;
  codeVerifier: string;
};

export type CodeExchangeResult = { ok: true; idToken: string } | { ok: false; error: "invalid_grant" | "invalid_client"; message: string };

/** The token endpoint's logic, callable in-process by our own callback. */
export async function exchangeDevCode(
  env: Env,
  config: IdentityConfig,
  req: CodeExchangeRequest,
  now: number,
): Promise<CodeExchangeResult> {
  if (req.clientId !== config.clientId || req.clientSecret !== DEV_CLIENT_SECRET) {
    return { ok: false, error: "invalid_client", message: "Client authentication failed." };
  }
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(req.code, codeKey(env), {
      algorithms: ["HS256"],
      audience: CODE_AUDIENCE,
      currentDate: new Date(now),
    }));
  } catch (err) {
    if (err instanceof ApiError) throw err;
    return { ok: false, error: "invalid_grant", message: "The authorization code is invalid or expired." };
  }
  if (claims.cid !== req.clientId || claims.ru !== req.redirectUri) {
    return { ok: false, error: "invalid_grant", message: "The code was issued for another client or redirect URI." };
  }
  const challenge = await s256Challenge(req.codeVerifier);
  if (typeof claims.cc !== "string" || !constantTimeEqual(challenge, claims.cc)) {
    return { ok: false, error: "invalid_grant", message: "PKCE verification failed." };
  }
  const idToken = await mintDevIdToken({
    issuer: config.issuers[0]!,
    audience: config.audience,
    email: String(claims.email),
    name: typeof claims.name === "string" ? claims.name : null,
    nonce: typeof claims.nonce === "string" ? claims.nonce : null,
    now,
  });
  return { ok: true, idToken };
}

/** The account chooser: every choice is a plain form POST, no script needed. */
export function renderAccountChooser(params: AuthorizeParams): string {
  const hidden = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(String(v))}">`)
    .join("");
  const accounts = DEV_ACCOUNTS.map(
    (a) => `<li><form method="post" action="/api/auth/dev/authorize">${hidden}
      <input type="hidden" name="email" value="${escapeHtml(a.email)}"><input type="hidden" name="name" value="${escapeHtml(a.name)}">
      <button type="submit" class="account"><span class="avatar" aria-hidden="true">${escapeHtml(a.name.charAt(0))}</span>
      <span><strong>${escapeHtml(a.name)}</strong><br><small>${escapeHtml(a.email)}</small></span></button></form></li>`,
  ).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Choose an account – Vantage development sign-in</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b1220;color:#e8edf7;font-family:system-ui,sans-serif}
main{width:min(420px,calc(100vw - 32px));background:#111a2c;border:1px solid #263450;border-radius:16px;padding:24px}
h1{font-size:1.25rem;margin:0 0 4px}p{color:#93a0b8;margin:0 0 16px;font-size:.9rem}
ul{list-style:none;margin:0 0 16px;padding:0;display:grid;gap:8px}form{margin:0}
.account{display:flex;gap:12px;align-items:center;width:100%;text-align:left;padding:10px 12px;border-radius:10px;border:1px solid #263450;background:#18233a;color:inherit;font:inherit;cursor:pointer}
.account:hover,.account:focus-visible{border-color:#3ddc84;outline:none}
.avatar{display:grid;place-items:center;width:36px;height:36px;border-radius:50%;background:#3ddc84;color:#04210f;font-weight:700}
small{color:#93a0b8}fieldset{border:1px solid #263450;border-radius:10px;padding:12px;margin:0}legend{padding:0 4px;color:#93a0b8;font-size:.9rem}
label{display:block;font-size:.85rem;color:#93a0b8;margin:8px 0 4px}
input[type=email],input[type=text]{width:100%;box-sizing:border-box;padding:8px 10px;border-radius:8px;border:1px solid #263450;background:#0b1220;color:inherit;font:inherit}
.primary{margin-top:12px;width:100%;padding:10px;border-radius:10px;border:0;background:#3ddc84;color:#04210f;font:inherit;font-weight:700;cursor:pointer}
</style></head>
<body><main>
<h1>Choose an account</h1>
<p>Development sign-in for Vantage. This page stands in for Google on local builds only.</p>
<ul>${accounts}</ul>
<form method="post" action="/api/auth/dev/authorize">${hidden}
<fieldset><legend>Use another e-mail</legend>
<label for="email">E-mail</label><input id="email" name="email" type="email" required maxlength="254" autocomplete="email">
<label for="name">Name (optional)</label><input id="name" name="name" type="text" maxlength="64" autocomplete="name">
<button type="submit" class="primary">Continue</button></fieldset></form>
</main></body></html>`;
}
