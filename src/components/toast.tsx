// Placeholder for the app-wide toast (issue #2 shell): one message at a time, 2.2 s.
import { createContext, useContext, type ReactNode } from "react";

export const TOAST_MS = 2200;
type ToastApi = { show(message: string, tone?: "info" | "success" | "error"): void };
const ToastContext = createContext<ToastApi>({ show: () => undefined });

export function ToastProvider({ children }: { children: ReactNode }) {
  return <ToastContext.Provider value={{ show: () => undefined }}>{children}</ToastContext.Provider>;
}

export function useToast(): ToastApi {
  return useContext(ToastContext);
}
