// What the operator console's API answers and the console reads, written once for both
// sides (worker/admin/console-views.ts builds them; src/features/admin shows them).

/** A game with a recorded result (final or void), and how often it was corrected. */
export type RecentResult = {
  eventId: string;
  sport: string;
  home: string;
  away: string;
  startTime: number;
  status: "final" | "void";
  homeScore: number | null;
  awayScore: number | null;
  updatedAt: number;
  corrections: number;
};
