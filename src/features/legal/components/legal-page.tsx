// The frame shared by the public legal pages (spec §2: terms, privacy, disclaimer).
import type { ReactNode } from "react";
import { Link } from "react-router";
import "./legal.css";

export const LEGAL_UPDATED = "November 2026";

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="page page-narrow legal-page">
      <article className="card legal-card">
        <h1>{title}</h1>
        <p className="muted legal-updated">Last updated: {LEGAL_UPDATED}</p>
        {children}
        <nav aria-label="Other legal pages" className="legal-nav">
          <Link to="/terms">Terms</Link>
          <Link to="/privacy">Privacy</Link>
          <Link to="/disclaimer">Disclaimer</Link>
        </nav>
      </article>
    </main>
  );
}
