// Bringing the betslip into view when a player arrives on the board with picks waiting
// (after "Tail"). The page that filled it navigates with `REVEAL_BETSLIP_STATE`; on arrival
// the board's slip scrolls itself into view, and on a phone, where the slip waits behind the
// bar at the bottom, the bar opens its sheet (REVEAL_BETSLIP_EVENT) — right away, or only
// after a step in between such as a new player's date of birth.
// Part of src/session/, the state every screen shares (see auth-provider.tsx): features read it here.
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

/** Navigation state asking the board's betslip to bring itself into view once. */
export const REVEAL_BETSLIP_STATE = { revealBetslip: true } as const;

/** Sent on the window when the slip should show itself: a phone's slip opens its sheet. */
export const REVEAL_BETSLIP_EVENT = "vantage:reveal-betslip";

const PLAYER_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
const SETTLED_MS = 600;
const GIVE_UP_MS = 5_000;

/**
 * Once the board has opened, brings its betslip into view (on a phone it sits below the
 * board) and keeps it there while the board's games load and push it down, until the
 * page stops growing or the player scrolls, taps or types themselves.
 */
function revealBetslip(): void {
  const started = performance.now();
  let height = -1;
  let steadySince = started;
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const type of PLAYER_INPUT) window.removeEventListener(type, stop);
  };
  for (const type of PLAYER_INPUT) window.addEventListener(type, stop, { passive: true });
  const step = () => {
    if (stopped) return;
    const now = performance.now();
    const heading = document.getElementById("betslip-title");
    const pageHeight = document.documentElement.scrollHeight;
    if (pageHeight !== height) [height, steadySince] = [pageHeight, now];
    if (heading) {
      // Below the sticky page header, not under it.
      const headerBottom = Math.max(0, document.querySelector("header")?.getBoundingClientRect().bottom ?? 0);
      const top = heading.getBoundingClientRect().top;
      if (top < headerBottom || top > window.innerHeight / 2) window.scrollTo({ top: window.scrollY + top - headerBottom - 8 });
    }
    if (now - started > GIVE_UP_MS || (heading && now - steadySince > SETTLED_MS)) stop();
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Called by the betslip: reveals it once if the navigation that brought the player here asked for it. */
export function useRevealBetslipOnArrival(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const asked = (location.state as { revealBetslip?: unknown } | null)?.revealBetslip === true;
  useEffect(() => {
    if (!asked) return;
    // Once: a reload or Back does not scroll again.
    navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
    window.dispatchEvent(new Event(REVEAL_BETSLIP_EVENT));
    revealBetslip();
  }, [asked, location.pathname, location.search, location.hash, navigate]);
}
