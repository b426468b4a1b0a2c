// Nudges near a limit: when the player reaches 80% of one of their limits, one line under
// the header says what is left and when it resets, until they dismiss it.
import { useState } from "react";
import { useAuth } from "../../../session/auth-provider";
import { usePlay } from "../../../session/play-provider";
import { dismissNudges } from "../api/play-api";
import "./protection.css";

export function PlayNudges() {
  const { play, applyPlay } = usePlay();
  const { api } = useAuth();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const shown = (play?.nudges ?? []).filter((n) => !hidden.has(n.id));
  if (shown.length === 0) return null;
  const dismiss = (id: string) => {
    setHidden(new Set([...hidden, id]));
    dismissNudges(api, [id]).then(applyPlay, () => undefined);
  };
  return (
    <div className="play-nudges" role="status" aria-label="Limits">
      {shown.map((nudge) => (
        <p key={nudge.id}>
          <span>{nudge.message}</span>
          <button type="button" className="btn btn-sm" onClick={() => dismiss(nudge.id)}>
            Dismiss
          </button>
        </p>
      ))}
    </div>
  );
}
