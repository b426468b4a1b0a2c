// The home board (placeholder until the odds issue lands).
export function BoardPage() {
  return <h1>Vantage</h1>;
}
