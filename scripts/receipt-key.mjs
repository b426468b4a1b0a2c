// `node scripts/receipt-key.mjs <key id> [valid from, ISO]`: a new receipt signing key
// (docs/security.md, "Receipts"). Prints the secret RECEIPT_SIGNING_KEY (an Ed25519 private
// key as a JWK with its `kid`) and the public entry to add to the environment's
// RECEIPT_KEYS_JSON with `validUntil: null`; on rotation the previous entry gets the new
// key's `validFrom` as its `validUntil`. Nothing is written to disk.
import { webcrypto } from "node:crypto";

const [kid, validFrom = new Date().toISOString()] = process.argv.slice(2);
if (!kid || !/^[A-Za-z0-9_.-]{1,64}$/.test(kid)) {
  console.error("usage: node scripts/receipt-key.mjs <key id: 1-64 of A-Z a-z 0-9 . _ -> [valid from, ISO date-time]");
  process.exit(2);
}
if (Number.isNaN(Date.parse(validFrom))) {
  console.error(`not a date-time: ${validFrom}`);
  process.exit(2);
}
const pair = await webcrypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]);
const { kty, crv, d, x } = await webcrypto.subtle.exportKey("jwk", pair.privateKey);
console.log("RECEIPT_SIGNING_KEY (secret: the secrets file, or `wrangler secret put RECEIPT_SIGNING_KEY --env <env>`):");
console.log(JSON.stringify({ kty, crv, kid, d, x }));
console.log("\nAdd to RECEIPT_KEYS_JSON in [env.<env>.vars] (public):");
console.log(
  JSON.stringify({ keyId: kid, algorithm: "Ed25519", publicKey: x, validFrom: new Date(validFrom).toISOString(), validUntil: null }),
);
