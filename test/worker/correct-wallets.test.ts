// A correction's way through a game's holders (worker/settlement/correct-wallets.ts): a page
// of wallets per call, each call going on from the last, a wallet that fails tried first by
// the next call and never holding back the holders after it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { correctWallets, emptyTally } from "../../worker/settlement/correct-wallets";
import type { CorrectionSummary } from "../../worker/settlement/wallet";

const NOTHING: CorrectionSummary = {
  ok: true,
  betsChanged: 0,
  takenBack: { coins: 0, cash: 0 },
  owed: { coins: 0, cash: 0 },
  paid: { coins: 0, cash: 0 },
};

describe("a correction through the game's holders", () => {
  it("goes past a wallet that keeps failing, tries it first each time, and is done once it succeeds", async () => {
    const holders = ["user-a", "user-b", "user-c", "user-d", "user-e"];
    const list = async (after: string, limit: number) => holders.filter((id) => id > after).slice(0, limit);
    const reached: string[] = [];
    let bFails = true;
    const correct = async (userId: string) => {
      reached.push(userId);
      if (userId === "user-b" && bFails) throw new Error("wallet overloaded");
      return NOTHING;
    };
    const paged = { ...env, CORRECTION_WALLETS_PER_CALL: "2" } as Env;
    const reference = `correction:evt-${crypto.randomUUID()}:1`;
    const call = async () => {
      const tally = emptyTally();
      await correctWallets(paged, reference, list, tally, correct, Date.now());
      return tally;
    };

    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await call());
    expect(answers.map((t) => t.pending)).toEqual([true, true, true, true, true]);
    // Each holder after the failing one was reached once; the failing one was tried every call.
    expect(reached.filter((id) => id !== "user-b")).toEqual(["user-a", "user-c", "user-d", "user-e"]);
    expect(reached.filter((id) => id === "user-b")).toHaveLength(5);

    bFails = false;
    expect(await call()).toMatchObject({ pending: false, walletErrors: 0, walletsCalled: 1 });
    // Done: sent again, it starts over from the first holder.
    reached.length = 0;
    expect(await call()).toMatchObject({ pending: true, walletsCalled: 2 });
    expect(reached).toEqual(["user-a", "user-b"]);
  });
});
