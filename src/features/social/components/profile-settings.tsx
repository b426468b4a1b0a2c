// The public profile on /account, in two cards. "Public profile" (the Profile section):
// choose a unique handle for /u/:handle (3–20 of a-z 0-9 _, stored lower-case; the only
// name other players see — without one the player is private). "Profile visibility" (the
// Privacy section): hide the profile (off every leaderboard, its share links withdrawn),
// and "Show my Vantage Cash results" (off by default) for the profile and the Vantage
// Cash leaderboards; during a break, or once the account is closed for play, it says that
// other players do not see the player whatever these settings say. Errors (taken,
// reserved) show in the card that sent the change.
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { HANDLE_MAX, checkHandle } from "../../../shared/handles";
import { formatEtTime } from "../../../shared/protection";
import { sentenceOf } from "../../../shared/refusals";
import { profilePath } from "../../../shared/social";
import { useAuth } from "../../../session/auth-provider";
import { updatePublicProfile, type PublicProfileChange } from "../api/social-api";
import "./social.css";

type Result = { ok: true; message: string } | { ok: false; message: string } | null;

/**
 * `save(change, done)` sends a change to the public profile, keeps the session's user in
 * step and shows `done` once saved; `onSaved` gets the handle as saved.
 */
function usePublicProfileSave(onSaved: (handle: string) => void = () => undefined) {
  const { api, updateUser } = useAuth();
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<Result>(null);

  const save = async (body: PublicProfileChange, done: string) => {
    setSaving(true);
    setResult(null);
    try {
      const updated = await updatePublicProfile(api, body);
      updateUser({
        handle: updated.handle ?? null,
        profileHidden: updated.profileHidden ?? false,
        showCashResults: updated.showCashResults ?? false,
      });
      onSaved(updated.handle ?? "");
      setResult({ ok: true, message: done });
    } catch (err) {
      setResult({ ok: false, message: errorMessage(err, "Could not save your public profile.") });
    } finally {
      setSaving(false);
    }
  };
  return { saving, result, setResult, save };
}

function SaveResult({ result }: { result: Result }) {
  return (
    <div role="status" className="account-result">
      {result && <p className={result.ok ? "positive" : "negative"}>{result.message}</p>}
    </div>
  );
}

export function ProfileSettings() {
  const { user } = useAuth();
  const [handle, setHandle] = useState(user?.handle ?? "");
  const { saving, result, setResult, save } = usePublicProfileSave(setHandle);
  const saved = user?.handle ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkHandle(handle);
    if (!checked.ok) {
      setResult({ ok: false, message: sentenceOf(checked) });
      return;
    }
    void save({ handle: checked.handle }, "✅ Handle saved.");
  };

  return (
    <section className="card profile-settings" aria-labelledby="public-profile-heading">
      <h3 id="public-profile-heading" className="card-title">
        Public profile
      </h3>
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
            aria-describedby="account-handle-what account-handle-help"
            onChange={(e) => {
              setHandle(e.target.value);
              setResult(null);
            }}
          />
          <p id="account-handle-what" className="field-what">
            Your handle is your public @name: other players see it on leaderboards, on your profile page and on the picks you share.
          </p>
          <p id="account-handle-help" className="muted social-note">
            3–20 letters, digits or _. Other players only ever see your handle; without one you stay private. Your profile link:{" "}
            {saved ? <Link to={profilePath(saved)}>{profilePath(saved)}</Link> : "choose a handle first"}.
          </p>
        </div>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? "Saving…" : "Save handle"}
        </button>
      </form>
      <SaveResult result={result} />
    </section>
  );
}

/**
 * What a break or a closure for play means for the public profile (the Worker leaves such a
 * player out of every public social answer), or null when neither holds at `now`.
 */
function awayFromPlayNote(user: { breakUntil: string | null; closed: string | null }, now: number): string | null {
  if (user.closed !== null) {
    return "Your account is closed for play: other players do not see your profile, picks or leaderboard places, and you cannot share picks.";
  }
  const until = user.breakUntil === null ? null : Date.parse(user.breakUntil);
  if (until === null || until <= now) return null;
  return `You are taking a break until ${formatEtTime(until)}: until then other players do not see your profile, picks or leaderboard places, and you cannot share picks.`;
}

export function ProfileVisibility() {
  const { user } = useAuth();
  const { saving, result, save } = usePublicProfileSave();
  const hidden = user?.profileHidden === true;
  const showsCash = user?.showCashResults === true;
  const away = user ? awayFromPlayNote(user, Date.now()) : null;

  return (
    <section className="card profile-settings" aria-labelledby="profile-visibility-heading">
      <h3 id="profile-visibility-heading" className="card-title">
        Profile visibility
      </h3>
      <label className="profile-hidden-toggle">
        <input
          type="checkbox"
          checked={hidden}
          disabled={saving}
          onChange={(e) => void save({ profileHidden: e.target.checked }, e.target.checked ? "✅ Profile hidden." : "✅ Profile visible.")}
        />
        <span>Hide my profile (also keeps me off leaderboards and withdraws my share links)</span>
      </label>
      <label className="profile-hidden-toggle">
        <input
          type="checkbox"
          checked={showsCash}
          disabled={saving}
          onChange={(e) =>
            void save(
              { showCashResults: e.target.checked },
              e.target.checked ? "✅ Vantage Cash results shown." : "✅ Vantage Cash results hidden.",
            )
          }
        />
        <span>Show my Vantage Cash results</span>
      </label>
      <p className="muted social-note">
        Off: your profile and the Vantage Cash leaderboards leave out your Vantage Cash stakes, payouts and results.
      </p>
      {away && <p className="social-note">{away}</p>}
      <SaveResult result={result} />
    </section>
  );
}
