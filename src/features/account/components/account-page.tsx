// /account (spec §2): the player edits their username. It is saved to the profile on
// the server and on the device under 'vantage.username', with the spec §8 messages.
// Below it the route places the public-profile card and the player-protection tools
// (take a break, limits), which belong to the social and protection features.
// The input and the check before saving use the same shared rule as the Worker, so a
// refusal reads the same sentence whichever side makes it.
import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { EmojiText } from "../../../components/emoji-text";
import { errorMessage } from "../../../lib/api-client";
import { DISPLAY_NAME_MAX_LENGTH } from "../../../shared/display-name";
import { checkDisplayName, UserDocumentSchema } from "../../../shared/schemas/user";
import { useAuth } from "../../../session/auth-provider";
import { storeUsername, usernameFor } from "../../../session/username";
import "./account.css";

export const USERNAME_UPDATED = "✅ Username updated successfully.";
export const USERNAME_UPDATE_FAILED = "❌ Failed to update username.";

type Result = { ok: true } | { ok: false; reason: string | null };

type Props = {
  /** The public-profile card, under the username. */
  publicProfile: ReactNode;
  /** The player-protection tools, under the account details. */
  playerProtection: ReactNode;
  /** "Download my data", under the protection tools. */
  dataExport?: ReactNode;
};

export function AccountPage({ publicProfile, playerProtection, dataExport }: Props) {
  const { user, api, updateUser } = useAuth();
  const [name, setName] = useState(() => usernameFor(user));
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDisplayName(name);
    if (!checked.ok) {
      setResult({ ok: false, reason: checked.message });
      return;
    }
    setSaving(true);
    setResult(null);
    try {
      const updated = await api.patch("/me", UserDocumentSchema, { displayName: name });
      updateUser({ displayName: updated.displayName });
      storeUsername(updated);
      setName(updated.displayName);
      setResult({ ok: true });
    } catch (err) {
      const reason = errorMessage(err, "");
      setResult({ ok: false, reason: reason || null });
    } finally {
      setSaving(false);
    }
  };

  return (
    <main className="page page-narrow account-page">
      <h1>Account</h1>
      <section className="card" aria-labelledby="username-heading">
        <h2 id="username-heading" className="card-title">
          Profile
        </h2>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <div className="field">
            <label htmlFor="account-username">Username</label>
            <input
              id="account-username"
              type="text"
              value={name}
              maxLength={DISPLAY_NAME_MAX_LENGTH}
              autoComplete="nickname"
              onChange={(e) => {
                setName(e.target.value);
                setResult(null);
              }}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? "Saving…" : "Save"}
          </button>
        </form>
        <div role="status" className="account-result">
          {result?.ok === true && (
            <p className="positive">
              <EmojiText text={USERNAME_UPDATED} />
            </p>
          )}
          {result?.ok === false && (
            <>
              <p className="negative">
                <EmojiText text={USERNAME_UPDATE_FAILED} />
              </p>
              {result.reason && <p className="muted account-reason">{result.reason}</p>}
            </>
          )}
        </div>
      </section>
      {publicProfile}
      {user && (
        <section className="card account-details" aria-labelledby="details-heading">
          <h2 id="details-heading" className="card-title">
            Signed in as
          </h2>
          <p>{user.email}</p>
          {user.dateOfBirth && <p>Date of birth: {user.dateOfBirth}</p>}
        </section>
      )}
      {playerProtection}
      {dataExport}
      <p className="muted">
        <Link to="/responsible-play">Responsible play</Link>: how these tools work and where to get help.
      </p>
    </main>
  );
}
