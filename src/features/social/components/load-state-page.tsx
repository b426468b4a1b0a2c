// The whole-page loading and error states of a social page opened by link (a profile, a
// shared pick): "Loading …" as a status, then either the page or an alert card with a way
// back and, unless the thing does not exist, "Try again".
import { Link } from "react-router";
import type { Load } from "../../../lib/use-load";

type Props = {
  load: Exclude<Load<unknown>, { status: "ready" }>;
  retry(): void;
  /** The status line while loading, e.g. "Loading profile…". */
  loading: string;
  /** The error card's heading: the page's own title. */
  title: string;
  /** The page's class beside "page page-narrow", kept on the error page. */
  pageClass: string;
  /** What a 404 means here. */
  notFound: string;
  back: { to: string; label: string };
};

export function LoadStatePage({ load, retry, loading, title, pageClass, notFound, back }: Props) {
  if (load.status === "loading") {
    return (
      <main className="page page-narrow">
        <p className="muted" role="status">
          {loading}
        </p>
      </main>
    );
  }
  return (
    <main className={`page page-narrow ${pageClass}`}>
      <section className="card empty-state" role="alert">
        <h1>{title}</h1>
        <p>{load.notFound ? notFound : load.message}</p>
        <div className="shared-pick-cta">
          <Link to={back.to} className="btn btn-primary">
            {back.label}
          </Link>
          {!load.notFound && (
            <button type="button" className="btn" onClick={retry}>
              Try again
            </button>
          )}
        </div>
      </section>
    </main>
  );
}
