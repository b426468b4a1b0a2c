// Mounts the in-app notifications (and loads their code) only on a device that holds an
// embedded push subscription, so the app shell's first load stays small everywhere else.
// Every tab follows the device's inbox: this one's own change (its event) and another tab's
// (the storage event), so a sign-out in one tab stops the inbox in all.
import { lazy, Suspense, useEffect, useState } from "react";
import { EMBEDDED_INBOX_KEY, INBOX_CHANGED_EVENT } from "../alerts-storage";

const InAppAlerts = lazy(async () => ({ default: (await import("./in-app-alerts")).InAppAlerts }));

export function InAppAlertsGate() {
  const [inbox, setInbox] = useState(() => localStorage.getItem(EMBEDDED_INBOX_KEY));
  useEffect(() => {
    const changed = () => setInbox(localStorage.getItem(EMBEDDED_INBOX_KEY));
    const changedElsewhere = (event: StorageEvent) => {
      if (event.key === EMBEDDED_INBOX_KEY || event.key === null) changed();
    };
    window.addEventListener(INBOX_CHANGED_EVENT, changed);
    window.addEventListener("storage", changedElsewhere);
    return () => {
      window.removeEventListener(INBOX_CHANGED_EVENT, changed);
      window.removeEventListener("storage", changedElsewhere);
    };
  }, []);
  if (!inbox) return null;
  return (
    <Suspense fallback={null}>
      <InAppAlerts inbox={inbox} />
    </Suspense>
  );
}
