// Mounts the in-app notifications (and loads their code) only on a device that holds an
// embedded push subscription, so the app shell's first load stays small everywhere else.
import { lazy, Suspense, useEffect, useState } from "react";
import { EMBEDDED_INBOX_KEY, INBOX_CHANGED_EVENT } from "../alerts-storage";

const InAppAlerts = lazy(async () => ({ default: (await import("./in-app-alerts")).InAppAlerts }));

export function InAppAlertsGate() {
  const [inbox, setInbox] = useState(() => localStorage.getItem(EMBEDDED_INBOX_KEY));
  useEffect(() => {
    const changed = () => setInbox(localStorage.getItem(EMBEDDED_INBOX_KEY));
    window.addEventListener(INBOX_CHANGED_EVENT, changed);
    return () => window.removeEventListener(INBOX_CHANGED_EVENT, changed);
  }, []);
  if (!inbox) return null;
  return (
    <Suspense fallback={null}>
      <InAppAlerts inbox={inbox} />
    </Suspense>
  );
}
