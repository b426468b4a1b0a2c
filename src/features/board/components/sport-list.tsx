// The left column's sport menu (spec §2): the eight sports in order; a sport the feed
// does not carry is disabled and marked 'Coming soon'.
import type { SportKey } from "../../../shared/sports";

export type SportEntry = { key: SportKey; label: string; mapped: boolean };

export function SportList({
  sports,
  selected,
  onSelect,
}: {
  sports: SportEntry[];
  selected: SportKey | null;
  onSelect(key: SportKey): void;
}) {
  return (
    <nav className="card sport-list" aria-label="Sports">
      <h2 className="card-title">Sports</h2>
      <ul>
        {sports.map((s) => (
          <li key={s.key}>
            <button
              type="button"
              className={`sport-item${selected === s.key ? " is-active" : ""}`}
              aria-current={selected === s.key ? "true" : undefined}
              disabled={!s.mapped}
              onClick={() => onSelect(s.key)}
            >
              <span>{s.label}</span>
              {!s.mapped && <span className="badge">Coming soon</span>}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
