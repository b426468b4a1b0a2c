// Placeholder: Odds format settings (issue #3) builds this.
export function SettingsPage() {
  return null;
}
