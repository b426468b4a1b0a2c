// Loading, error (with retry) and empty states, titled sections and stat figures shared
// by the console's views.
import type { ReactNode } from "react";
import type { LoadState } from "../hooks/use-admin-load";

export function Loading({ what }: { what: string }) {
  return (
    <p className="admin-muted" role="status">
      Loading {what}...
    </p>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="admin-error-box" role="alert">
      <span>{message}</span>
      <button type="button" className="btn btn-sm btn-ghost" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="admin-muted admin-empty">{children}</p>;
}

/** A titled section with an optional action at the right of its heading. */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="admin-section">
      <div className="admin-section-head">
        <h2>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * The head of a loaded view: Refresh (Refreshing... while a reload runs over shown data),
 * the error with a retry, and the first load's loading line.
 */
export function LoadStatus({ load, what }: { load: LoadState<unknown> & { reload(): void }; what: string }) {
  return (
    <>
      <div className="admin-toolbar">
        <button type="button" className="btn btn-sm btn-ghost" onClick={load.reload} disabled={load.status === "loading"}>
          {load.status === "loading" && load.data ? "Refreshing..." : "Refresh"}
        </button>
      </div>
      {load.status === "error" && <LoadError message={load.message} onRetry={load.reload} />}
      {!load.data && load.status === "loading" && <Loading what={what} />}
    </>
  );
}

/** One figure in a view's `<dl className="admin-stats">`: its label, its value, and a state class (admin-ok / admin-bad). */
export function Stat({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
