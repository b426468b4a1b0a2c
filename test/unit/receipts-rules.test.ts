// The receipts' pure rules: RFC 8785 canonical JSON (the RFC's own examples), the daily
// Merkle tree and its proofs, the chain of days, and the verifier over a receipt signed
// with a throwaway key.
import { describe, expect, it } from "vitest";
import { canonicalJson, CanonicalJsonError } from "../../src/shared/receipts/canonical-json";
import { fromHex, toBase64Url } from "../../src/shared/receipts/encoding";
import {
  brokenLink,
  dayRoot,
  GENESIS_ROOT,
  inclusionProof,
  leafHash,
  merkleRoot,
  rootFromProof,
  type SealedDay,
} from "../../src/shared/receipts/merkle";
import { parseSigningJwk, signRecord } from "../../src/shared/receipts/signing";
import { verifyReceipt } from "../../src/shared/receipts/verify";
import { canonicalBytes } from "../../src/shared/receipts/canonical-json";
import { RECEIPT_FORMAT, type ReceiptKey } from "../../src/shared/schemas/receipts";

describe("canonical JSON (RFC 8785)", () => {
  it("writes the RFC's example in its canonical form", () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it("sorts members by UTF-16 code units (the RFC's sorting example)", () => {
    const input = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    const order = ["\r", "1", "\u0080", "\u00f6", "\u20ac", "\ud83d\ude00", "\ufb33"];
    // Read back as entries in text order (an object would list the integer-like "1" first).
    const names = [...canonicalJson(input).matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    expect(names).toEqual(order);
  });

  it("writes numbers as ECMAScript does and nests without whitespace", () => {
    expect(canonicalJson({ b: [1, -0, 1e21, 5e-7], a: { d: true, c: null } })).toBe('{"a":{"c":null,"d":true},"b":[1,0,1e+21,5e-7]}');
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  it("refuses what JSON cannot hold", () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(CanonicalJsonError);
    expect(() => canonicalJson({ a: Number.POSITIVE_INFINITY })).toThrow(CanonicalJsonError);
    expect(() => canonicalJson("\ud800")).toThrow(CanonicalJsonError);
    expect(() => canonicalJson([undefined])).toThrow(CanonicalJsonError);
  });
});

const leaves = (n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => leafHash(new Uint8Array(16).fill(i), new TextEncoder().encode(`r${i}`))));

describe("the daily Merkle tree", () => {
  it("proves every leaf of trees of every size from 1 to 9", async () => {
    for (let n = 1; n <= 9; n++) {
      const all = await leaves(n);
      const root = await merkleRoot(all);
      for (let i = 0; i < n; i++) {
        const steps = await inclusionProof(all, i);
        expect(await rootFromProof(all[i]!, i, n, steps)).toBe(root);
        // Another leaf, or a proof bent to another shape, leads elsewhere.
        expect(await rootFromProof(all[(i + 1) % n]!, i, n, steps)).not.toBe(n === 1 ? "x" : root);
        if (steps.length > 0) {
          const flipped = steps.map((step, k) =>
            k === 0 ? { ...step, side: step.side === "left" ? ("right" as const) : ("left" as const) } : step,
          );
          expect(await rootFromProof(all[i]!, i, n, flipped)).toBeNull();
        }
      }
    }
  });

  it("gives an empty day a root and changes the root when a leaf is dropped", async () => {
    expect(await merkleRoot([])).toMatch(/^[0-9a-f]{64}$/);
    const all = await leaves(5);
    expect(await merkleRoot(all.filter((_, i) => i !== 2))).not.toBe(await merkleRoot(all));
  });

  it("chains days: a rewritten day breaks its own link and the next day's", async () => {
    const days: SealedDay[] = [];
    let previousRoot = GENESIS_ROOT;
    for (const [day, n] of [
      ["2026-11-01", 3],
      ["2026-11-02", 0],
      ["2026-11-03", 4],
    ] as const) {
      const link = { day, count: n, previousRoot, treeRoot: await merkleRoot(await leaves(n)) };
      const root = await dayRoot(link);
      days.push({ ...link, root });
      previousRoot = root;
    }
    expect(await brokenLink(days)).toBeNull();
    const dropped = await leaves(3);
    dropped.pop();
    const rewritten = { ...days[0]!, count: 2, treeRoot: await merkleRoot(dropped) };
    expect(await brokenLink([rewritten, ...days.slice(1)])).toBe("2026-11-01");
    expect(await brokenLink([{ ...rewritten, root: await dayRoot(rewritten) }, ...days.slice(1)])).toBe("2026-11-02");
  });
});

async function throwawayKey() {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  const signing = parseSigningJwk(JSON.stringify({ ...jwk, kid: "test-1" }));
  if (typeof signing === "string") throw new Error(signing);
  const key: ReceiptKey = {
    keyId: "test-1",
    algorithm: "Ed25519",
    publicKey: signing.x,
    validFrom: "2026-01-01T00:00:00.000Z",
    validUntil: null,
  };
  return { signing, key };
}

describe("the verifier", () => {
  it("accepts a signed receipt, then its proof against the day's root, and refuses a changed one", async () => {
    const { signing, key } = await throwawayKey();
    const record = {
      format: RECEIPT_FORMAT,
      id: "payout-r1",
      kind: "payout",
      subjectId: "r1",
      userId: "u1",
      issuedAt: "2026-11-02T10:00:00.000Z",
      day: "2026-11-02",
      keyId: "test-1",
      payout: { amountCents: 2500, paidAt: "2026-11-02T09:59:00.000Z" },
    };
    const salt = "00112233445566778899aabbccddeeff";
    const receipt = { record, signature: await signRecord(signing, record), salt, proof: null };
    expect(await verifyReceipt(JSON.parse(JSON.stringify(receipt)), [key], null)).toEqual({
      ok: true,
      inclusion: "pending",
      keyId: "test-1",
    });

    const others = await leaves(2);
    const all = [others[0]!, await leafHash(fromHex(salt)!, canonicalBytes(record)), others[1]!];
    const link = { day: "2026-11-02", count: 3, previousRoot: GENESIS_ROOT, treeRoot: await merkleRoot(all) };
    const root = await dayRoot(link);
    const proof = { ...link, index: 1, steps: await inclusionProof(all, 1), root };
    const day = { ...link, root, sealedAt: "2026-11-03T00:10:00.000Z" };
    expect(await verifyReceipt({ ...receipt, proof }, [key], day)).toMatchObject({ ok: true, inclusion: "included" });
    expect(await verifyReceipt({ ...receipt, proof }, [key], { ...day, root: "f".repeat(64) })).toMatchObject({ ok: false });

    const changed = { ...receipt, record: { ...record, payout: { ...record.payout, amountCents: 25000 } } };
    expect(await verifyReceipt(changed, [key], null)).toEqual({ ok: false, reason: expect.stringMatching(/signature does not match/) });
    const added = { ...receipt, record: { ...record, note: "x" } };
    expect(await verifyReceipt(added, [key], null)).toMatchObject({ ok: false });
    expect(await verifyReceipt(receipt, [{ ...key, validUntil: "2026-11-01T00:00:00.000Z" }], null)).toMatchObject({ ok: false });
    expect(await verifyReceipt(receipt, [], null)).toMatchObject({ ok: false });
    expect(await verifyReceipt({ hello: 1 }, [key], null)).toEqual({ ok: false, reason: "This is not a Vantage receipt." });
    expect(toBase64Url(new Uint8Array([251, 255]))).toBe("-_8");
  });
});
