// Told once and plainly: when the rule for where the player is limits Vantage Cash (a new
// law took effect, or they are somewhere it is not offered), a notice under the header says
// what changed, since when and why, and what they can still do (the region's sentence, e.g.
// "…you can redeem what you hold until 2026-09-30."), with a link to the public page. It
// shows until the player dismisses it, once per region and sentence on this device; a later
// change (a window ending, another law) is a new sentence and shows again.
import { useState } from "react";
import { Link } from "react-router";
import { useAuth } from "../../../session/auth-provider";

export const REGION_NOTICE_SEEN_KEY = "vantage.regionNoticeSeen";

function seenNotice(): string | null {
  try {
    return localStorage.getItem(REGION_NOTICE_SEEN_KEY);
  } catch {
    return null;
  }
}

export function RegionNoticeBanner() {
  const { user } = useAuth();
  const [seen, setSeen] = useState(seenNotice);
  const notice = user?.regionNotice ?? null;
  if (!user || !notice) return null;
  const key = `${user.region ?? "unknown"}|${notice}`;
  if (seen === key) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(REGION_NOTICE_SEEN_KEY, key);
    } catch {
      // storage blocked: it shows again next visit
    }
    setSeen(key);
  };
  return (
    <div className="play-status-banner" role="status" aria-label="Where you are">
      <p>
        {notice} <Link to="/where-cash-is-offered">Where Vantage Cash is offered</Link>{" "}
        <button type="button" className="btn btn-sm btn-ghost" onClick={dismiss}>
          Got it
        </button>
      </p>
    </div>
  );
}
