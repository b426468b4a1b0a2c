// The real recorded The Odds API events (test/fixtures/odds-api/recorded-events.json) as the
// board shows them are kept beside them (recorded-boards.json), so the unit tests of the game
// model read real boards without the Worker's feed code; this checks that file is exactly
// what the Worker's normaliser makes of the recorded payloads today.
import { describe, expect, it } from "vitest";
import boards from "../fixtures/odds-api/recorded-boards.json";
import recorded from "../fixtures/odds-api/recorded-events.json";
import { isSportKey } from "../../src/shared/sports";
import { normaliseEvent, OddsApiEventSchema } from "../../worker/odds/normalise";

describe("the recorded boards", () => {
  it("are what the Worker's normaliser makes of the recorded payloads, at each book count", () => {
    expect(boards.boards.map((b) => b.minBooks)).toEqual([5, 3]);
    for (const { minBooks, events } of boards.boards) {
      const made = recorded.events.map((raw) => {
        const sport = (raw as { sport_key: string }).sport_key;
        if (!isSportKey(sport)) throw new Error(`unknown sport ${sport}`);
        const parsed = OddsApiEventSchema.parse(raw);
        return normaliseEvent(parsed, sport, Date.parse(parsed.commence_time) - 3_600_000, undefined, minBooks);
      });
      expect(made).toEqual(events);
    }
  });
});
