// Any route the spec does not define; also what the operator console is to anyone but an operator.
import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <main className="page page-narrow">
      <section className="card empty-state">
        <h1>Page not found</h1>
        <p>There is nothing at this address.</p>
        <Link to="/" className="btn btn-primary">
          Go to the board
        </Link>
      </section>
    </main>
  );
}
