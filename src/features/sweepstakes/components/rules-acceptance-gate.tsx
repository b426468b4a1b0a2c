// When the rules dialog opens (the dialog itself loads on demand, keeping the shell light):
// by itself once a signed-in adult's date of birth is confirmed and they have not accepted
// the version in force (a new version asks again), and whenever the Worker refuses a
// Vantage Cash action with rules-not-accepted (the API client announces it), after reading
// the player's document again, since the version may have changed since the page loaded.
// Never before the date of birth, and never for an account closed under age: those players
// see only their own step (src/session/onboarding.ts). "Not now" keeps the dialog closed
// for that version, in this tab's session, until a Vantage Cash action needs it. It never
// covers the rules page it links to.
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { RULES_NOT_ACCEPTED_EVENT } from "../../../lib/api-client";
import { useAuth } from "../../../session/auth-provider";
import { onboardingStep, useRulesPutOff } from "../../../session/onboarding";
import { SWEEPSTAKES_RULES_PATH } from "../../../shared/sweepstakes-notice";

const RulesAcceptanceDialog = lazy(() => import("./rules-acceptance-dialog"));
const userSchema = async () => (await import("../../../shared/schemas/user")).UserDocumentSchema;

export function RulesAcceptanceGate() {
  const { status, user, api, updateUser } = useAuth();
  const [putOffVersion, putOff] = useRulesPutOff();
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

  if (status !== "signed-in" || user === null || onboardingStep(user) !== "rules" || current === undefined) return null;
  if (readingRules || (putOffVersion === current && !asked)) return null;

  const notNow = () => {
    putOff(current);
    setAsked(false);
  };

  return (
    <Suspense fallback={null}>
      <RulesAcceptanceDialog
        version={current}
        changed={user.rulesAcceptedVersion != null}
        minAge={user.minAge}
        onAccepted={() => setAsked(false)}
        onNotNow={notNow}
      />
    </Suspense>
  );
}
