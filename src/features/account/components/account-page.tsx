// /account (spec §2): the player edits their username. It is saved to the profile on
// the server and on the device under 'vantage.username', with the spec §8 messages.
// The page has three sections, one shown at a time so a phone gets a short page: Profile
// (the username, the social feature's public-profile card, the signed-in e-mail), Limits
// (the protection feature's break and limits tools) and Privacy (who sees the profile,
// and the data-export feature's download). The section is in the address
// (?section=limits), so a link or a notice can open one and Back returns to the last.
// The input and the check before saving use the same shared rule as the Worker, so a
// refusal reads the same sentence whichever side makes it.
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { EmojiText } from "../../../components/emoji-text";
import { errorMessage } from "../../../lib/api-client";
import { ACCOUNT_SECTIONS, accountSectionPath, type AccountSection } from "../../../shared/account-sections";
import { DISPLAY_NAME_MAX_LENGTH } from "../../../shared/display-name";
import { checkDisplayName, UserDocumentSchema } from "../../../shared/schemas/user";
import { useAuth } from "../../../session/auth-provider";
import { storeUsername, usernameFor } from "../../../session/username";
import "./account.css";

export const USERNAME_UPDATED = "✅ Username updated successfully.";
export const USERNAME_UPDATE_FAILED = "❌ Failed to update username.";

const SECTION_TITLE: Record<AccountSection, string> = { profile: "Profile", limits: "Limits", privacy: "Privacy" };

function sectionOf(value: string | null): AccountSection {
  return ACCOUNT_SECTIONS.find((s) => s === value) ?? "profile";
}

type Result = { ok: true } | { ok: false; reason: string | null };

type Props = {
  /** The public-profile card (the handle), under the username. */
  publicProfile: ReactNode;
  /** The player-protection tools: the Limits section. */
  playerProtection: ReactNode;
  /** Who sees the public profile, first in the Privacy section. */
  profileVisibility: ReactNode;
  /** "Download my data", in the Privacy section. */
  dataExport: ReactNode;
};

function UsernameCard() {
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
    <div className="card">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="account-username">Username</label>
          <input
            id="account-username"
            type="text"
            value={name}
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            autoComplete="nickname"
            aria-describedby="account-username-what"
            onChange={(e) => {
              setName(e.target.value);
              setResult(null);
            }}
          />
          <p id="account-username-what" className="field-what">
            Your username is the name Vantage greets you with in the profile menu; other players never see it.
          </p>
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
    </div>
  );
}

export function AccountPage({ publicProfile, playerProtection, profileVisibility, dataExport }: Props) {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const section = sectionOf(params.get("section"));

  return (
    <main className="page page-narrow account-page">
      <h1>Account</h1>
      <nav className="tabs account-sections" aria-label="Account sections">
        {ACCOUNT_SECTIONS.map((s) => (
          <Link key={s} to={accountSectionPath(s)} className="tab" aria-current={s === section ? "page" : undefined}>
            {SECTION_TITLE[s]}
          </Link>
        ))}
      </nav>
      <div className="account-section">
        <h2>{SECTION_TITLE[section]}</h2>
        {section === "profile" && (
          <>
            <UsernameCard />
            {publicProfile}
            {user && (
              <section className="card account-details" aria-labelledby="details-heading">
                <h3 id="details-heading" className="card-title">
                  Signed in as
                </h3>
                <p>{user.email}</p>
                {user.dateOfBirth && <p>Date of birth: {user.dateOfBirth}</p>}
              </section>
            )}
          </>
        )}
        {section === "limits" && (
          <>
            {playerProtection}
            <p className="muted">
              <Link to="/responsible-play">Responsible play</Link>: how these tools work and where to get help.
            </p>
          </>
        )}
        {section === "privacy" && (
          <>
            {profileVisibility}
            {dataExport}
          </>
        )}
      </div>
    </main>
  );
}
