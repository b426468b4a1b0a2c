// The keyboard contract of every modal (the betslip's confirm-wager dialog, the operator
// console's action dialog): on open, focus moves to the panel's [data-autofocus] element or
// its first focusable one; Tab and Shift+Tab wrap inside the panel (and bring focus back in
// if it escaped); Escape closes unless busy; on close, focus returns to the opener.
import { useEffect, useRef, type RefObject } from "react";

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function useFocusTrap(panel: RefObject<HTMLElement | null>, { onClose, busy }: { onClose(): void; busy: boolean }): void {
  // Read through refs, so the trap is set up once per opening and sees the latest values.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    (root?.querySelector<HTMLElement>("[data-autofocus]") ?? root?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (!root) return;
      // A modal opened inside this one (the confirm step inside the phone's slip sheet) owns the keys.
      const inner = document.activeElement instanceof HTMLElement ? document.activeElement.closest('[aria-modal="true"]') : null;
      if (inner && inner !== root && root.contains(inner)) return;
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
      const outside = !root.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      opener?.focus();
    };
    // A ref object keeps its identity, so the trap is set up once and lives as long as the dialog.
  }, [panel]);
}
