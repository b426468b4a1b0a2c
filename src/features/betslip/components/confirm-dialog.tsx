// An accessible modal for the confirm-wager step: focus moves in and is trapped while it
// is open, Escape or Cancel closes it, and focus returns to where it came from.
import { useEffect, useRef, type ReactNode } from "react";

type Props = {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Escape and the backdrop do nothing while true (a request is in flight). */
  busy?: boolean;
};

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function ConfirmDialog({ title, onClose, children, busy = false }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    const initial = root?.querySelector<HTMLElement>("[data-autofocus]") ?? root?.querySelector<HTMLElement>(FOCUSABLE);
    initial?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (!root) return;
      if (event.key === "Escape") {
        event.preventDefault();
        if (!busyRef.current) onCloseRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === first || !root.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !root.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      opener?.focus();
    };
  }, []);

  return (
    <div className="betslip-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !busy && onClose()}>
      <div ref={panel} className="betslip-dialog card" role="dialog" aria-modal="true" aria-labelledby="betslip-dialog-title">
        <h2 id="betslip-dialog-title" className="card-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
