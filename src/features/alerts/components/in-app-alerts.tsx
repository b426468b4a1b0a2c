// In-app notifications for alerts received by the embedded push service (development):
// while this device holds an embedded subscription, its inbox is read every few seconds
// and each new alert is shown at the top of the page until dismissed. With a real push
// service the service worker shows alerts as system notifications instead.
import { useEffect, useState } from "react";
import { z } from "zod";
import { PushMessageSchema, type PushMessage } from "../../../shared/schemas/push";
import { useAuth } from "../../../session/auth-provider";
import { EMBEDDED_SEEN_KEY } from "../alerts-storage";
import "./alerts.css";

export const INBOX_POLL_MS = 4_000;

const InboxSchema = z.object({ messages: z.array(z.object({ seq: z.number(), receivedAt: z.number(), message: PushMessageSchema })) });

export function InAppAlerts({ inbox }: { inbox: string }) {
  const { api, user } = useAuth();
  const [shown, setShown] = useState<(PushMessage & { seq: number })[]>([]);
  const signedIn = user !== null;

  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    const read = async () => {
      const after = Number(localStorage.getItem(EMBEDDED_SEEN_KEY) ?? "0");
      try {
        const { messages } = await api.get(inbox, InboxSchema, { after });
        if (stopped || messages.length === 0) return;
        localStorage.setItem(EMBEDDED_SEEN_KEY, String(messages.at(-1)!.seq));
        setShown((current) => [...current, ...messages.map((m) => ({ ...m.message, seq: m.seq }))].slice(-3));
      } catch {
        // The next read tries again.
      }
    };
    void read();
    const timer = setInterval(() => void read(), INBOX_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [api, signedIn, inbox]);

  if (shown.length === 0) return null;
  return (
    <section className="in-app-alerts" aria-label="Notifications" aria-live="polite">
      {shown.map((alert) => (
        <article key={alert.seq} className="in-app-alert">
          <h2 className="in-app-alert-title">{alert.title}</h2>
          <p>{alert.body}</p>
          <div className="in-app-alert-actions">
            <a href={alert.url}>Open</a>
            <button type="button" className="btn" onClick={() => setShown((current) => current.filter((a) => a.seq !== alert.seq))}>
              Dismiss
            </button>
          </div>
        </article>
      ))}
    </section>
  );
}
