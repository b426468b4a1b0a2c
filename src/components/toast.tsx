// The app-wide toast (spec §2): one message at a time, visible for 2.2 s, announced to
// screen readers through a polite status region. A new message replaces the current one.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { EmojiText } from "./emoji-text";
import "./components.css";

export const TOAST_MS = 2200;
export type ToastTone = "info" | "success" | "error";
type ToastApi = { show(message: string, tone?: ToastTone): void };
const ToastContext = createContext<ToastApi>({ show: () => undefined });

type Toast = { id: number; message: string; tone: ToastTone };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const nextId = useRef(0);

  const show = useCallback((message: string, tone: ToastTone = "info") => {
    nextId.current += 1;
    setToast({ id: nextId.current, message, tone });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast((current) => (current?.id === toast.id ? null : current)), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
        {toast && (
          <div key={toast.id} className={`toast toast-${toast.tone}`}>
            <EmojiText text={toast.message} />
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  return useContext(ToastContext);
}
