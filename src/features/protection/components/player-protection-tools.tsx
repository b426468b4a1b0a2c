// The player-protection tools /account shows: take a break, limits, and loss and time limits. The limits form
// waits for a fresh copy of the user document, since limits in force and what is left to
// spend change with time, not only with the player's own actions.
import { useFreshUser } from "../hooks/use-fresh-user";
import { PlayLimits } from "./play-limits";
import { PlayerLimits } from "./player-limits";
import { TakeABreak } from "./take-a-break";

export function PlayerProtectionTools() {
  const fresh = useFreshUser();
  return (
    <>
      <TakeABreak />
      {fresh.ready ? (
        <PlayerLimits key={fresh.version} />
      ) : (
        <p className="muted" role="status">
          Loading your limits…
        </p>
      )}
      <PlayLimits />
    </>
  );
}
