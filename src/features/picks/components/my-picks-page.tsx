// Placeholder: My Picks (issue #4) builds this.
export function MyPicksPage() {
  return null;
}
