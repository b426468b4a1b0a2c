// /sweepstakes-rules (public): the Official Sweepstakes Rules in force, as the Worker
// generates them from its configuration, with their version and effective date.
import { useCallback } from "react";
import { Link } from "react-router";
import { useApi } from "../../../session/auth-provider";
import { getSweepstakesRules } from "../api/sweepstakes-api";
import { useLoad } from "../../../lib/use-load";
import "./sweepstakes.css";

export function SweepstakesRulesPage() {
  const api = useApi();
  const load = useCallback(() => getSweepstakesRules(api), [api]);
  const [rules, retry] = useLoad(load);
  return (
    <main className="page page-narrow sweeps-page">
      <article className="card sweeps-card">
        <h1>Official Sweepstakes Rules</h1>
        {rules.status === "loading" && (
          <p className="muted" role="status">
            Loading the rules…
          </p>
        )}
        {rules.status === "error" && (
          <div role="alert">
            <p>{rules.message}</p>
            <button type="button" className="btn" onClick={retry}>
              Try again
            </button>
          </div>
        )}
        {rules.status === "ready" && (
          <>
            <p className="muted sweeps-version">
              Version {rules.data.version}, in effect since{" "}
              {new Date(rules.data.effectiveAt).toLocaleDateString("en-US", { dateStyle: "long" })}
            </p>
            {rules.data.sections.map((section) => (
              <section key={section.id} aria-labelledby={`rules-${section.id}`}>
                <h2 id={`rules-${section.id}`}>{section.title}</h2>
                {section.paragraphs.map((text) => (
                  <p key={text}>{text}</p>
                ))}
              </section>
            ))}
          </>
        )}
        <nav aria-label="Sweepstakes pages" className="sweeps-nav">
          <Link to="/free-entry">Free entry</Link>
          <Link to="/winners">Winners</Link>
          <Link to="/terms">Terms</Link>
        </nav>
      </article>
    </main>
  );
}
