// How a props leg settles against the player's box-score line (src/shared/props/grading.ts):
// void when the player did not play (or a pitcher did not start), over/under against the
// stat with a push on the line, yes on at least one.
import { describe, expect, it } from "vitest";
import { gradeProp, type PropLeg } from "../../src/shared/props/grading";
import type { PlayerStatLine } from "../../src/shared/schemas/props";

const statLine = (stats: Record<string, number>, played = true): PlayerStatLine => ({
  playerId: "player",
  name: "A Player",
  team: "home",
  played,
  stats,
});

const points = (side: "over" | "under", line: number): PropLeg => ({
  marketKey: "player_points",
  sport: "basketball_nba",
  kind: "over-under",
  line,
  side,
});
const anytimeTd: PropLeg = { marketKey: "player_anytime_td", sport: "americanfootball_nfl", kind: "yes", line: null, side: "yes" };
const strikeouts = (side: "over" | "under"): PropLeg => ({
  marketKey: "pitcher_strikeouts",
  sport: "baseball_mlb",
  kind: "over-under",
  line: 6.5,
  side,
});

describe("gradeProp: over/under", () => {
  it.each([
    ["over above the line wins", points("over", 27.5), 30, "win"],
    ["under above the line loses", points("under", 27.5), 30, "loss"],
    ["over below the line loses", points("over", 27.5), 20, "loss"],
    ["under below the line wins", points("under", 27.5), 20, "win"],
    ["over on a whole line hit exactly pushes", points("over", 25), 25, "push"],
    ["under on a whole line hit exactly pushes", points("under", 25), 25, "push"],
  ] as const)("%s", (_label, leg, scored, expected) => {
    expect(gradeProp(leg, statLine({ points: scored }))).toBe(expected);
  });

  it("counts a stat missing from the line of a player who played as 0", () => {
    expect(gradeProp(points("under", 0.5), statLine({ rebounds: 7 }))).toBe("win");
    expect(gradeProp(points("over", 0.5), statLine({ rebounds: 7 }))).toBe("loss");
  });
});

describe("gradeProp: yes markets", () => {
  it("wins when the player scores at least once and loses otherwise", () => {
    expect(gradeProp(anytimeTd, statLine({ tds: 1 }))).toBe("win");
    expect(gradeProp(anytimeTd, statLine({ tds: 2 }))).toBe("win");
    expect(gradeProp(anytimeTd, statLine({ tds: 0 }))).toBe("loss");
    expect(gradeProp(anytimeTd, statLine({ rec_yds: 88 }))).toBe("loss");
  });

  it("grades an anytime goalscorer on goals", () => {
    const goal: PropLeg = { marketKey: "player_goal_scorer_anytime", sport: "soccer_usa_mls", kind: "yes", line: null, side: "yes" };
    expect(gradeProp(goal, statLine({ goals: 1, shots_on_goal: 3 }))).toBe("win");
    expect(gradeProp(goal, statLine({ goals: 0, shots_on_goal: 3 }))).toBe("loss");
  });
});

describe("gradeProp: voids", () => {
  it("voids when the box score has no line for the player", () => {
    expect(gradeProp(points("over", 27.5), undefined)).toBe("void");
    expect(gradeProp(anytimeTd, undefined)).toBe("void");
  });

  it("voids when the player did not play, whatever the line says", () => {
    expect(gradeProp(points("under", 27.5), statLine({ points: 0 }, false))).toBe("void");
    expect(gradeProp(anytimeTd, statLine({ tds: 0 }, false))).toBe("void");
  });

  it("voids a pitcher's market unless the pitcher started", () => {
    expect(gradeProp(strikeouts("over"), statLine({ strikeouts: 8 }))).toBe("void");
    expect(gradeProp(strikeouts("over"), statLine({ strikeouts: 8, started: 0 }))).toBe("void");
    expect(gradeProp(strikeouts("over"), statLine({ strikeouts: 8, started: 1 }))).toBe("win");
    expect(gradeProp(strikeouts("under"), statLine({ strikeouts: 8, started: 1 }))).toBe("loss");
  });

  it("grades a batter's market for a player who took part without starting", () => {
    const hits: PropLeg = { marketKey: "batter_hits", sport: "baseball_mlb", kind: "over-under", line: 0.5, side: "over" };
    expect(gradeProp(hits, statLine({ hits: 1 }))).toBe("win");
  });

  it("voids a leg that does not fit its market", () => {
    const played = statLine({ points: 30, tds: 1 });
    expect(gradeProp({ ...points("over", 27.5), marketKey: "player_blocks" }, played)).toBe("void");
    expect(gradeProp({ ...points("over", 27.5), sport: "mma_mixed_martial_arts" }, played)).toBe("void");
    expect(gradeProp({ ...points("over", 27.5), kind: "yes" }, played)).toBe("void");
    expect(gradeProp({ ...points("over", 27.5), side: "yes" }, played)).toBe("void");
    expect(gradeProp({ ...points("over", 27.5), line: null }, played)).toBe("void");
    expect(gradeProp({ ...anytimeTd, side: "over" }, played)).toBe("void");
  });
});
