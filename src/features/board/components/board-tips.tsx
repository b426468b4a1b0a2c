// A new player's first look at the board comes with one tip: the star on a team makes it
// a favorite, and a tap on a price puts it on the slip (on a phone, the slip waits in the
// bar at the bottom). It follows the rules step (accepted, or put off with "Not now") and
// shows until the player hides it, which this device remembers per player, like the
// region notice. It sits above the board from the board's first render, so nothing moves
// after first paint (only the player's own "Hide tips" moves the board back up). It never
// takes focus: Tab reaches "Hide tips", and Escape inside the tip hides it too.
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useAuth } from "../../../session/auth-provider";
import { onboardingStep, useRulesPutOff } from "../../../session/onboarding";
import "./board-tips.css";

export const BOARD_TIPS_SEEN_KEY = "vantage.board.tipsSeen";
const seenKey = (uid: string) => `${BOARD_TIPS_SEEN_KEY}.${uid}`;

function seenBy(uid: string): boolean {
  try {
    return localStorage.getItem(seenKey(uid)) !== null;
  } catch {
    return false;
  }
}

/** `phone`: the slip is the bar at the bottom of the screen, not the right-hand column. */
export function BoardTips({ phone }: { phone: boolean }) {
  const { user } = useAuth();
  const [putOffVersion] = useRulesPutOff();
  const [hiddenFor, setHiddenFor] = useState<string | null>(null);
  const tip = useRef<HTMLElement>(null);
  const titleId = useId();
  if (!user || hiddenFor === user.uid || seenBy(user.uid)) return null;
  const step = onboardingStep(user);
  if (step !== "play" && !(step === "rules" && putOffVersion === user.rulesVersion)) return null;

  const hide = () => {
    // Focus inside the tip would be lost with it: it goes on to the board's open tab.
    const hadFocus = tip.current?.contains(document.activeElement) ?? false;
    try {
      localStorage.setItem(seenKey(user.uid), "1");
    } catch {
      // storage blocked: the tip shows again next visit
    }
    setHiddenFor(user.uid);
    if (hadFocus) document.querySelector<HTMLElement>('[role="tablist"][aria-label="Board"] [aria-selected="true"]')?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    hide();
  };

  return (
    <div className="board-tips">
      <aside ref={tip} className="board-tips-card" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div>
          <h2 id={titleId} className="board-tips-title">
            Two tips to start
          </h2>
          <ul className="board-tips-list">
            <li>
              Tap the star <span aria-hidden="true">☆</span> on a team to make it a favorite: its games gather under Favorites.
            </li>
            <li>
              Tap a price to add it to your slip; tap it again to take it off.{" "}
              {phone ? "Your slip then waits in the bar at the bottom of the screen." : "Your slip is in the right-hand column."}
            </li>
          </ul>
        </div>
        <button type="button" className="btn btn-sm" onClick={hide}>
          Hide tips
        </button>
      </aside>
    </div>
  );
}
