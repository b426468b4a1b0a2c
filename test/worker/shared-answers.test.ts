// A public board shared by one isolate's requests: many readers arriving together cost
// one read, a board that ran out is read again by one reader while the others keep the
// one they have, and a failed read is not remembered.
import { describe, expect, it } from "vitest";
import { SharedAnswers } from "../../worker/isolate-memos";

/** A read that answers when `finish` is called, counting how often it was asked. */
function gatedRead<T>() {
  let asked = 0;
  const waiting: ((value: T) => void)[] = [];
  return {
    read: () => {
      asked += 1;
      return new Promise<T>((resolve) => waiting.push(resolve));
    },
    finish: (value: T) => {
      for (const resolve of waiting.splice(0)) resolve(value);
    },
    asked: () => asked,
  };
}

describe("answers shared by one isolate's requests", () => {
  it("fifty readers before the first answer cost one read and all get its answer", async () => {
    const shared = new SharedAnswers<string>();
    const gate = gatedRead<string>();
    const readers = Array.from({ length: 50 }, () => shared.get("week", 0, 5_000, gate.read));
    await Promise.resolve();
    gate.finish("board at 0");
    expect(await Promise.all(readers)).toEqual(Array(50).fill("board at 0"));
    expect(gate.asked()).toBe(1);
  });

  it("once it runs out, one reader reads again while the others keep the board they have", async () => {
    const shared = new SharedAnswers<string>();
    expect(await shared.get("week", 0, 5_000, async () => "board at 0")).toBe("board at 0");
    const gate = gatedRead<string>();
    const refreshing = shared.get("week", 6_000, 5_000, gate.read);
    const others = await Promise.all(Array.from({ length: 10 }, () => shared.get("week", 6_000, 5_000, gate.read)));
    expect(others).toEqual(Array(10).fill("board at 0"));
    gate.finish("board at 6000");
    expect(await refreshing).toBe("board at 6000");
    expect(await shared.get("week", 6_001, 5_000, gate.read)).toBe("board at 6000");
    expect(gate.asked()).toBe(1);
  });

  it("a board older than twice its time is never answered, even while a read is under way", async () => {
    const shared = new SharedAnswers<string>();
    await shared.get("week", 0, 5_000, async () => "board at 0");
    const gate = gatedRead<string>();
    const first = shared.get("week", 6_000, 5_000, gate.read);
    const late = shared.get("week", 10_001, 5_000, async () => "board at 10001");
    expect(await late).toBe("board at 10001");
    gate.finish("board at 6000");
    await first;
  });

  it("a read that fails is not remembered: the next reader asks again", async () => {
    const shared = new SharedAnswers<string>();
    await expect(shared.get("week", 0, 5_000, async () => Promise.reject(new Error("D1 unavailable")))).rejects.toThrow("D1 unavailable");
    expect(await shared.get("week", 1, 5_000, async () => "board at 1")).toBe("board at 1");
  });

  it("with no time to keep it, every reader reads", async () => {
    const shared = new SharedAnswers<number>();
    let asked = 0;
    await Promise.all([shared.get("week", 0, 0, async () => ++asked), shared.get("week", 0, 0, async () => ++asked)]);
    expect(asked).toBe(2);
  });
});
