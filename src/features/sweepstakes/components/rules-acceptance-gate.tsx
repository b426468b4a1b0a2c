// When the rules dialog opens (the dialog itself loads on demand, keeping the shell light):
// by itself once a signed-in player's date of birth is confirmed and they have not
// accepted the version in force (a new version asks again), and whenever the Worker
// refuses a Vantage Cash action with rules-not-accepted (the API client announces it),
// after reading the player's document again, since the version may have changed since the
// page loaded. "Not now" keeps the dialog closed for that version, in this tab's session,
// until a Vantage Cash action needs it. It never covers the rules page it links to.
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { RULES_NOT_ACCEPTED_EVENT } from "../../../lib/api-client";
import { useAuth } from "../../../session/auth-provider";
import { SWEEPSTAKES_RULES_PATH } from "../../../shared/sweepstakes-notice";

const RulesAcceptanceDialog = lazy(() => import("./rules-acceptance-dialog"));
const userSchema = async () => (await import("../../../shared/schemas/user")).UserDocumentSchema;

const DISMISSED_KEY = "vantage.rules.dismissed";

function dismissedVersion(): number | null {
  try {
    const text = sessionStorage.getItem(DISMISSED_KEY);
    return text ? Number(text) : null;
  } catch {
    return null;
  }
}

export function RulesAcceptanceGate() {
  const { status, user, api, updateUser } = useAuth();
  const [dismissed, setDismissed] = useState<number | null>(dismissedVersion);
  const [asked, setAsked] = useState(false);
  const current = user?.rulesVersion;
  // The rules page itself (opened from the dialog's link) is left readable.
  const readingRules = useLocation().pathname === SWEEPSTAKES_RULES_PATH;

  useEffect(() => {
    if (status !== "signed-in") return;
    const onRefused = () => {
      setAsked(true);
      api.get("/me", userSchema).then(
        (fresh) => updateUser(fresh),
        () => undefined,
      );
    };
    window.addEventListener(RULES_NOT_ACCEPTED_EVENT, onRefused);
    return () => window.removeEventListener(RULES_NOT_ACCEPTED_EVENT, onRefused);
  }, [status, api, updateUser]);

  const needed =
    status === "signed-in" && user !== null && user.dateOfBirth !== null && current !== undefined && user.rulesAcceptedVersion !== current;
  if (!needed || current === undefined || readingRules || (dismissed === current && !asked)) return null;

  const notNow = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, String(current));
    } catch {
      // No storage (some private modes): the dialog is asked again on the next load.
    }
    setDismissed(current);
    setAsked(false);
  };

  return (
    <Suspense fallback={null}>
      <RulesAcceptanceDialog
        version={current}
        changed={user?.rulesAcceptedVersion != null}
        onAccepted={() => setAsked(false)}
        onNotNow={notNow}
      />
    </Suspense>
  );
}
