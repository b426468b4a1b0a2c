// The "Public profile" card on /account (issue #16): choose a unique handle for
// /u/:handle (3–20 of a-z 0-9 _, stored lower-case) and hide the profile, which also
// takes the player off every leaderboard. Errors (taken, reserved) show under the field.
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { UserDocumentSchema } from "../../../shared/schemas/user";
import { HANDLE_MAX, checkHandle } from "../../../shared/handles";
import { profilePath } from "../../../shared/social";
import { useAuth } from "../../../session/auth-provider";
import "./social.css";

type Result = { ok: true; message: string } | { ok: false; message: string } | null;

export function ProfileSettings() {
  const { user, api, updateUser } = useAuth();
  const [handle, setHandle] = useState(user?.handle ?? "");
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const saved = user?.handle ?? null;
  const hidden = user?.profileHidden === true;

  const save = async (body: { handle?: string | null; profileHidden?: boolean }, done: string) => {
    setSaving(true);
    setResult(null);
    try {
      const updated = await api.patch("/me", UserDocumentSchema, body);
      updateUser({ handle: updated.handle ?? null, profileHidden: updated.profileHidden ?? false });
      setHandle(updated.handle ?? "");
      setResult({ ok: true, message: done });
    } catch (err) {
      setResult({ ok: false, message: errorMessage(err, "Could not save your public profile.") });
    } finally {
      setSaving(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkHandle(handle);
    if (!checked.ok) {
      setResult({ ok: false, message: checked.message });
      return;
    }
    void save({ handle: checked.handle }, "✅ Handle saved.");
  };

  return (
    <section className="card profile-settings" aria-labelledby="public-profile-heading">
      <h2 id="public-profile-heading" className="card-title">
        Public profile
      </h2>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="account-handle">Handle</label>
          <input
            id="account-handle"
            type="text"
            value={handle}
            maxLength={HANDLE_MAX + 10}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby="account-handle-help"
            onChange={(e) => {
              setHandle(e.target.value);
              setResult(null);
            }}
          />
          <p id="account-handle-help" className="muted social-note">
            3–20 letters, digits or _. Your profile link:{" "}
            {saved ? <Link to={profilePath(saved)}>{profilePath(saved)}</Link> : "choose a handle first"}.
          </p>
        </div>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? "Saving…" : "Save handle"}
        </button>
      </form>
      <label className="profile-hidden-toggle">
        <input
          type="checkbox"
          checked={hidden}
          disabled={saving}
          onChange={(e) => void save({ profileHidden: e.target.checked }, e.target.checked ? "✅ Profile hidden." : "✅ Profile visible.")}
        />
        <span>Hide my profile (also keeps me off leaderboards)</span>
      </label>
      <div role="status" className="account-result">
        {result && <p className={result.ok ? "positive" : "negative"}>{result.message}</p>}
      </div>
    </section>
  );
}
