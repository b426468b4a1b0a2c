// The embedded stand-in for Google in development: it mints RS256 ID tokens with its
// own key and publishes that key as a JWKS, so the Worker verifies them with exactly
// the code that verifies Google's. Only mounted when configuration says development
// and no Google client is configured (worker/config.ts).
import { sha256Hex } from "../digest";
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet, type JWK } from "jose";
import { defaultDisplayName } from "../../src/shared/display-name";

type DevKey = { privateKey: CryptoKey; publicJwk: JWK };

// Generated lazily on first use (workerd allows no randomness at global scope) and kept
// for the isolate's life; a restart rotates it, which only voids unexchanged ID tokens.
let devKey: Promise<DevKey> | null = null;

function getDevKey(): Promise<DevKey> {
  devKey ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    const publicJwk = { ...(await exportJWK(publicKey)), kid: `dev-${crypto.randomUUID()}`, alg: "RS256", use: "sig" };
    return { privateKey, publicJwk };
  })();
  return devKey;
}

export async function devJwks(): Promise<JSONWebKeySet> {
  return { keys: [(await getDevKey()).publicJwk] };
}

async function devSubject(email: string): Promise<string> {
  return `dev-${(await sha256Hex(email.trim().toLowerCase())).slice(0, 24)}`;
}

export type MintDevIdTokenInput = {
  issuer: string;
  audience: string;
  email: string;
  name?: string | null;
  nonce?: string | null;
  now: number;
  lifetimeSeconds?: number;
};

export async function mintDevIdToken(input: MintDevIdTokenInput): Promise<string> {
  const { privateKey, publicJwk } = await getDevKey();
  const iat = Math.floor(input.now / 1000);
  const claims: Record<string, unknown> = {
    email: input.email.trim().toLowerCase(),
    email_verified: true,
    name: defaultDisplayName(input.name, input.email),
    // Choosing the account on the development page is the authentication.
    auth_time: iat,
  };
  if (input.nonce) claims.nonce = input.nonce;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: publicJwk.kid, typ: "JWT" })
    .setIssuer(input.issuer)
    .setAudience(input.audience)
    .setSubject(await devSubject(input.email))
    .setIssuedAt(iat)
    .setExpirationTime(iat + (input.lifetimeSeconds ?? 3600))
    .sign(privateKey);
}
