// /settings: the odds format, and the alerts feature's per-kind switches.
import { AlertSettings } from "../../features/alerts/components/alert-settings";
import { SettingsPage } from "../../features/settings/components/settings-page";

export function SettingsRoute() {
  return <SettingsPage alerts={<AlertSettings />} />;
}
