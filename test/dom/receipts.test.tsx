// Receipts in the SPA: the public /verify page checks a pasted receipt in the browser
// (signature with the site's published keys, inclusion proof against the day's root) and
// says Valid or Invalid with the reason; My Picks' Receipt button downloads the bet's receipt.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReceiptButton } from "../../src/features/receipts/components/receipt-button";
import { canonicalBytes } from "../../src/shared/receipts/canonical-json";
import { fromHex } from "../../src/shared/receipts/encoding";
import { dayRoot, GENESIS_ROOT, inclusionProof, leafHash, merkleRoot } from "../../src/shared/receipts/merkle";
import { parseSigningJwk, signRecord } from "../../src/shared/receipts/signing";
import { RECEIPT_FORMAT, RECEIPT_KEYS_PATH } from "../../src/shared/schemas/receipts";
import { fakeApi, jsonResponse, renderApp, UNAUTHENTICATED } from "./app-helpers";
import { Providers, fakeServer, json, userDoc } from "./betslip-harness";

vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: vi.fn(), reloadPage: vi.fn() }));
afterEach(() => vi.unstubAllGlobals());

const DAY = "2026-11-02";

/** A receipt signed with a throwaway key, sealed in a day of three, with the site's answers for it. */
async function sealedReceipt() {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = parseSigningJwk(JSON.stringify({ ...(await crypto.subtle.exportKey("jwk", pair.privateKey)), kid: "test-1" }));
  if (typeof jwk === "string") throw new Error(jwk);
  const record = {
    format: RECEIPT_FORMAT,
    id: "bet-b1",
    kind: "bet",
    subjectId: "b1",
    userId: "u1",
    issuedAt: `${DAY}T10:00:00.000Z`,
    day: DAY,
    keyId: "test-1",
    bet: {
      wallet: "coins",
      kind: "Singles",
      stake: 100,
      toWin: 90,
      placedAt: `${DAY}T10:00:00.000Z`,
      legs: [
        {
          eventId: "e1",
          league: "basketball_nba",
          market: "Moneyline",
          side: "Home",
          line: null,
          priceAm: -110,
          home: "A",
          away: "B",
          startTime: `${DAY}T23:00:00.000Z`,
        },
      ],
    },
  };
  const salt = "00112233445566778899aabbccddeeff";
  const leaves = [
    await leafHash(new Uint8Array(16), new Uint8Array([1])),
    await leafHash(fromHex(salt)!, canonicalBytes(record)),
    await leafHash(new Uint8Array(16), new Uint8Array([2])),
  ];
  const link = { day: DAY, count: 3, previousRoot: GENESIS_ROOT, treeRoot: await merkleRoot(leaves) };
  const root = await dayRoot(link);
  const receipt = {
    record,
    signature: await signRecord(jwk, record),
    salt,
    proof: { ...link, index: 1, steps: await inclusionProof(leaves, 1), root },
  };
  const keys = {
    keys: [{ keyId: "test-1", algorithm: "Ed25519", publicKey: jwk.x, validFrom: "2026-01-01T00:00:00.000Z", validUntil: null }],
  };
  const dayAnswer = { ...link, root, sealedAt: "2026-11-03T00:15:00.000Z" };
  return { receipt, keys, dayAnswer };
}

async function verifyText(text: string) {
  renderApp("/verify");
  const ui = userEvent.setup();
  const box = await screen.findByLabelText("Receipt");
  await ui.click(box);
  await ui.paste(text);
  await ui.click(screen.getByRole("button", { name: "Verify" }));
}

describe("/verify", () => {
  it("says Valid for a receipt in its day's published root", async () => {
    const { receipt, keys, dayAnswer } = await sealedReceipt();
    const calls = fakeApi(({ path }) => {
      if (path === "/api/auth/refresh") return UNAUTHENTICATED();
      if (path === RECEIPT_KEYS_PATH) return jsonResponse(200, keys);
      if (path === `/api/receipts/days/${DAY}`) return jsonResponse(200, dayAnswer);
      return undefined;
    });
    await verifyText(JSON.stringify(receipt, null, 2));
    expect(await screen.findByRole("heading", { name: "Valid" })).toBeTruthy();
    expect(screen.getByText(/in the record the site published for 2026-11-02/)).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining([RECEIPT_KEYS_PATH, `/api/receipts/days/${DAY}`]));
  });

  it("says Invalid, and why, for a changed receipt or one the day's root does not hold", async () => {
    const { receipt, keys, dayAnswer } = await sealedReceipt();
    fakeApi(({ path }) => {
      if (path === "/api/auth/refresh") return UNAUTHENTICATED();
      if (path === RECEIPT_KEYS_PATH) return jsonResponse(200, keys);
      if (path === `/api/receipts/days/${DAY}`) return jsonResponse(200, { ...dayAnswer, root: "f".repeat(64) });
      return undefined;
    });
    await verifyText(JSON.stringify({ ...receipt, record: { ...receipt.record, bet: { ...receipt.record.bet, stake: 1000 } } }));
    expect(await screen.findByRole("heading", { name: "Invalid" })).toBeTruthy();
    expect(screen.getByText(/signature does not match/)).toBeTruthy();
  });

  it("says Invalid for a receipt whose proof the published root does not hold", async () => {
    const { receipt, keys, dayAnswer } = await sealedReceipt();
    fakeApi(({ path }) => {
      if (path === "/api/auth/refresh") return UNAUTHENTICATED();
      if (path === RECEIPT_KEYS_PATH) return jsonResponse(200, keys);
      if (path === `/api/receipts/days/${DAY}`) return jsonResponse(200, { ...dayAnswer, root: "f".repeat(64) });
      return undefined;
    });
    await verifyText(JSON.stringify(receipt));
    expect(await screen.findByRole("heading", { name: "Invalid" })).toBeTruthy();
    expect(screen.getByText(/not in the root the site publishes for 2026-11-02/)).toBeTruthy();
  });

  it("says what is wrong with text that is not JSON", async () => {
    fakeApi(({ path }) => (path === "/api/auth/refresh" ? UNAUTHENTICATED() : undefined));
    await verifyText("hello");
    expect(await screen.findByRole("heading", { name: "Invalid" })).toBeTruthy();
    expect(screen.getByText(/not JSON/)).toBeTruthy();
  });
});

describe("My Picks' Receipt button", () => {
  it("downloads the bet's receipt and links to the verifier", async () => {
    const { receipt } = await sealedReceipt();
    const calls = fakeServer(userDoc(), (call) => (call.path === "/api/receipts/bet-b1" ? json(200, receipt) : undefined));
    const made: Blob[] = [];
    const created = vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      made.push(blob as Blob);
      return "blob:receipt";
    });
    const revoked = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe("vantage-receipt-bet-b1.json");
    });
    render(
      <MemoryRouter>
        <Providers>
          <ReceiptButton subject={{ kind: "bet", id: "b1" }} />
        </Providers>
      </MemoryRouter>,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Receipt" }));
    expect(await screen.findByRole("link", { name: "Verify it" })).toBeTruthy();
    expect(clicked).toHaveBeenCalledOnce();
    expect(JSON.parse(await made[0]!.text())).toEqual(receipt);
    expect(calls.find((c) => c.path === "/api/receipts/bet-b1")?.headers.Authorization).toBe("Bearer token-1");
    for (const spy of [clicked, created, revoked]) spy.mockRestore();
  });
});
