// Stands before the board and the signed-in pages: an account closed under age sees why,
// and nothing else of the game; until the player confirms a date of birth they see that
// form (the order is src/session/onboarding.ts's, which the header follows too).
// Everything else (breaks, limits) is shown, and enforced by the server.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { sentenceFor } from "../../../shared/refusals";
import { useAuth } from "../../../session/auth-provider";
import { onboardingStep } from "../../../session/onboarding";
import { DateOfBirthForm } from "./date-of-birth-form";
import "./protection.css";

export function PlayGate({ children }: { children: ReactNode }) {
  const { user, signOut } = useAuth();
  if (!user) return <>{children}</>;
  const step = onboardingStep(user);
  if (step === "date-of-birth") return <DateOfBirthForm />;
  if (step === "closed") {
    return (
      <main className="page page-narrow protection-gate">
        <section className="card" aria-labelledby="under-age-title">
          <h1 id="under-age-title" className="card-title">
            Account closed
          </h1>
          <p role="alert">{sentenceFor("under-age", { minAge: user.minAge })}</p>
          <p className="muted">
            If your date of birth was entered by mistake, contact support. <Link to="/responsible-play">Responsible play</Link>
          </p>
          <button type="button" className="btn" onClick={() => void signOut()}>
            Sign out
          </button>
        </section>
      </main>
    );
  }
  return <>{children}</>;
}
