// "Share" on a bet in My Picks: asks for the bet's share link (one per bet, unguessable),
// copies it when the browser allows, and always shows it so it can be copied by hand.
// A share link shows the owner's handle, so a player without one (known here, or told by
// the server's 409 `handle-required`) is first asked to choose one, checked by the same
// shared rule as /account; saving it shares the pick straight away.
import { useId, useState, type FormEvent } from "react";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { HANDLE_MAX, checkHandle } from "../../../shared/handles";
import { sentenceOf } from "../../../shared/refusals";
import { useAuth } from "../../../session/auth-provider";
import { sharePick, updatePublicProfile } from "../api/social-api";
import "./social.css";

type State =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "done"; url: string; copied: boolean }
  | { kind: "error"; message: string }
  | { kind: "needs-handle"; message: string | null };

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function HandlePrompt({
  message,
  busy,
  onSave,
  onCancel,
}: {
  message: string | null;
  busy: boolean;
  onSave(handle: string): void;
  onCancel(): void;
}) {
  const id = useId();
  const [handle, setHandle] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkHandle(handle);
    if (!checked.ok) {
      setProblem(sentenceOf(checked));
      return;
    }
    setProblem(null);
    onSave(checked.handle);
  };
  const shown = problem ?? message;
  return (
    <form className="share-handle-form" onSubmit={submit} noValidate>
      <p>Shared picks show your handle, never your name. Choose a handle to share this pick.</p>
      <div className="field">
        <label htmlFor={`${id}-handle`}>Handle</label>
        <input
          id={`${id}-handle`}
          type="text"
          value={handle}
          maxLength={HANDLE_MAX + 10}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          onChange={(e) => {
            setHandle(e.target.value);
            setProblem(null);
          }}
        />
      </div>
      {shown && <p className="error-text">{shown}</p>}
      <div className="share-handle-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? "Saving…" : "Save handle and share"}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function SharePickButton({ betId }: { betId: string }) {
  const { api, user, updateUser } = useAuth();
  const [state, setState] = useState<State>({ kind: "idle" });
  const [savingHandle, setSavingHandle] = useState(false);

  const share = async () => {
    setState({ kind: "busy" });
    try {
      const { url } = await sharePick(api, betId);
      setState({ kind: "done", url, copied: await copy(url) });
    } catch (err) {
      if (err instanceof ApiError && err.code === "handle-required") {
        updateUser({ handle: null });
        setState({ kind: "needs-handle", message: null });
      } else {
        setState({ kind: "error", message: errorMessage(err, "Could not create a share link.") });
      }
    }
  };

  const start = () => {
    if (user && !user.handle && !user.profileHidden) setState({ kind: "needs-handle", message: null });
    else void share();
  };

  const saveHandleAndShare = async (handle: string) => {
    setSavingHandle(true);
    try {
      const updated = await updatePublicProfile(api, { handle });
      updateUser({ handle: updated.handle ?? null });
    } catch (err) {
      setState({ kind: "needs-handle", message: errorMessage(err, "Could not save your handle.") });
      return;
    } finally {
      setSavingHandle(false);
    }
    await share();
  };

  return (
    <div className="share-pick">
      <button type="button" className="btn btn-ghost btn-sm" disabled={state.kind === "busy" || savingHandle} onClick={start}>
        {state.kind === "busy" ? "Sharing…" : "Share"}
      </button>
      {state.kind === "needs-handle" && (
        <HandlePrompt
          message={state.message}
          busy={savingHandle}
          onSave={(handle) => void saveHandleAndShare(handle)}
          onCancel={() => setState({ kind: "idle" })}
        />
      )}
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
