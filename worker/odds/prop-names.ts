// The operators' corrections of the feed's player names for props (D1 `prop_player_names`):
// the feed names players only in each outcome's description, so one player can come as
// "Ja'Marr Chase" from one book and "JaMarr Chase" from another, or two players can share a
// name. An entry maps a feed name, per sport, to one player id and the name shown, and may
// say his team (the feed names players only; the props desk takes his side from it); names
// without one keep their slug as id (src/shared/props/player-names.ts).
import type { PlayerNameMap } from "../../src/shared/props/normalise-props";
import type { SportKey } from "../../src/shared/sports";

/** The sport's corrections, keyed by the feed's name. */
export async function readPropPlayerNames(db: D1Database, sport: SportKey): Promise<PlayerNameMap> {
  const { results } = await db
    .prepare("SELECT feed_name, player_id, display_name, team FROM prop_player_names WHERE sport = ?")
    .bind(sport)
    .all<{ feed_name: string; player_id: string; display_name: string; team: string | null }>();
  return Object.fromEntries(results.map((row) => [row.feed_name, { id: row.player_id, name: row.display_name, team: row.team }]));
}
