// The wallet panel's play-time line: with a daily play-time limit set, the minutes left
// today once fewer than TIME_LEFT_SHOWN_UNDER_MINUTES remain, and when the limit is
// reached, that bets and purchases resume at midnight Eastern.
import { formatMinutes } from "../../../shared/play-limits";
import { TIME_LEFT_SHOWN_UNDER_MINUTES } from "../../../shared/play-time";
import { usePlay } from "../../../session/play-provider";

export function PlayTimeLeft() {
  const { play } = usePlay();
  const left = play?.minutesLeft ?? null;
  if (left === null || left >= TIME_LEFT_SHOWN_UNDER_MINUTES) return null;
  return (
    <p className={`wallet-time-left${left === 0 ? " negative" : ""}`} role="note" aria-label="Play time">
      {left === 0
        ? "Daily play-time limit reached: bets and purchases resume at midnight Eastern."
        : `Play time left today: ${formatMinutes(left)}`}
    </p>
  );
}
