// The providers every screen relies on, outermost first: toast, session, wallet, play
// time, betslip. Tests wrap a memory router in the same stack.
import type { ReactNode } from "react";
import type { ApiClient } from "../lib/api-client";
import { ToastProvider } from "../components/toast";
import { AuthProvider } from "../session/auth-provider";
import { BetslipProvider } from "../session/betslip-provider";
import { PlayProvider } from "../session/play-provider";
import { WalletProvider } from "../session/wallet-provider";

/** Signing out ends this browser's alerts first (loaded only then: alerts are not in the initial bundle). */
async function forgetThisBrowsersAlerts(api: ApiClient): Promise<void> {
  const { forgetThisBrowser } = await import("../features/alerts/push-subscription");
  await forgetThisBrowser(api);
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <AuthProvider beforeSignOut={forgetThisBrowsersAlerts}>
        <WalletProvider>
          <PlayProvider>
            <BetslipProvider>{children}</BetslipProvider>
          </PlayProvider>
        </WalletProvider>
      </AuthProvider>
    </ToastProvider>
  );
}
