// Where a signed-in player stands in the first-visit steps, in the order they meet them:
// confirm a date of birth; under the minimum age, the closed-account page and nothing
// else; accept the Official Sweepstakes Rules in force; then play. The header, the frame,
// the date-of-birth gate, the rules dialog and the board's first tip all read it here, so
// they agree on what the player sees. "Not now" on the rules dialog is kept here too (for
// this tab's session): the dialog stays closed and the board's tip may follow.
// Part of src/session/, the state every screen shares (see auth-provider.tsx).
import { useCallback, useSyncExternalStore } from "react";
import type { UserDocument } from "../shared/schemas/user";

export type OnboardingStep = "date-of-birth" | "closed" | "rules" | "play";

export function onboardingStep(user: UserDocument): OnboardingStep {
  // First: a minor's identity document closes the account before any date is confirmed,
  // and a closed minor is never asked for a date again.
  if (user.closed === "under-age") return "closed";
  if (user.dateOfBirth === null) return "date-of-birth";
  if (user.rulesVersion !== undefined && user.rulesAcceptedVersion !== user.rulesVersion) return "rules";
  return "play";
}

/** The steps that show only their own page: no wallet, Shop, money links, banners or dialogs around it. */
export function isGatedStep(step: OnboardingStep): boolean {
  return step === "date-of-birth" || step === "closed";
}

const RULES_PUT_OFF_KEY = "vantage.rules.dismissed";
const putOffListeners = new Set<() => void>();
/** Where "Not now" is kept when the browser refuses session storage (some private modes): until the page reloads. */
let putOffWithoutStorage: number | null = null;

function readPutOff(): number | null {
  try {
    const text = sessionStorage.getItem(RULES_PUT_OFF_KEY);
    return text ? Number(text) : putOffWithoutStorage;
  } catch {
    return putOffWithoutStorage;
  }
}

function subscribePutOff(onChange: () => void): () => void {
  putOffListeners.add(onChange);
  return () => putOffListeners.delete(onChange);
}

/** The rules version the player put off with "Not now" in this tab's session (or null), and the way to put one off. */
export function useRulesPutOff(): [number | null, (version: number) => void] {
  const version = useSyncExternalStore(subscribePutOff, readPutOff);
  const putOff = useCallback((next: number) => {
    try {
      sessionStorage.setItem(RULES_PUT_OFF_KEY, String(next));
    } catch {
      putOffWithoutStorage = next;
    }
    for (const listener of putOffListeners) listener();
  }, []);
  return [version, putOff];
}
