// /social, linked from the header. The spec does not show its screen, so it says so
// plainly and points back to the board.
import { Link } from "react-router";

export function SocialPage() {
  return (
    <main className="page page-narrow">
      <section className="card empty-state">
        <h1>Social</h1>
        <p>Leaderboards and sharing picks with friends are coming soon.</p>
        <Link to="/" className="btn btn-primary">
          Back to the board
        </Link>
      </section>
    </main>
  );
}
