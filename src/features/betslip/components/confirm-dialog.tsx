// An accessible modal for the confirm-wager step: focus moves in and is trapped while it
// is open, Escape or Cancel closes it, and focus returns to where it came from.
import { useRef, type ReactNode } from "react";
import { useFocusTrap } from "../../../lib/use-focus-trap";

type Props = {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Escape and the backdrop do nothing while true (a request is in flight). */
  busy?: boolean;
};

export function ConfirmDialog({ title, onClose, children, busy = false }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, { onClose, busy });

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is the mouse's way out; keyboards have Escape through the focus trap
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !busy && onClose()}>
      <div ref={panel} className="modal-panel betslip-dialog card" role="dialog" aria-modal="true" aria-labelledby="betslip-dialog-title">
        <h2 id="betslip-dialog-title" className="card-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
