// Placeholder: The Statistics card (issue #4) builds this.
export function StatisticsCard() {
  return null;
}
