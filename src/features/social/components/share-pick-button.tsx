// "Share" on a bet in My Picks: asks for the bet's share link (one per bet, unguessable),
// copies it when the browser allows, and always shows it so it can be copied by hand.
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { useAuth } from "../../../session/auth-provider";
import { sharePick } from "../api/social-api";

type State = { kind: "idle" } | { kind: "busy" } | { kind: "done"; url: string; copied: boolean } | { kind: "error"; message: string };

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function SharePickButton({ betId }: { betId: string }) {
  const { api } = useAuth();
  const [state, setState] = useState<State>({ kind: "idle" });

  const share = async () => {
    setState({ kind: "busy" });
    try {
      const { url } = await sharePick(api, betId);
      setState({ kind: "done", url, copied: await copy(url) });
    } catch (err) {
      setState({ kind: "error", message: errorMessage(err, "Could not create a share link.") });
    }
  };

  return (
    <div className="share-pick">
      <button type="button" className="btn btn-ghost btn-sm" disabled={state.kind === "busy"} onClick={() => void share()}>
        {state.kind === "busy" ? "Sharing…" : "Share"}
      </button>
      <div role="status" className="share-pick-status">
        {state.kind === "done" && (
          <>
            <span className="muted">{state.copied ? "Link copied:" : "Share link:"}</span>{" "}
            <a href={state.url} className="share-pick-link">
              {state.url}
            </a>
          </>
        )}
        {state.kind === "error" && <span className="error-text">{state.message}</span>}
      </div>
    </div>
  );
}
