// The providers every screen relies on, outermost first: toast, session, wallet, play
// time, betslip. Tests wrap a memory router in the same stack.
import type { ReactNode } from "react";
import { ToastProvider } from "../components/toast";
import { AuthProvider } from "../session/auth-provider";
import { BetslipProvider } from "../session/betslip-provider";
import { PlayProvider } from "../session/play-provider";
import { WalletProvider } from "../session/wallet-provider";

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <AuthProvider>
        <WalletProvider>
          <PlayProvider>
            <BetslipProvider>{children}</BetslipProvider>
          </PlayProvider>
        </WalletProvider>
      </AuthProvider>
    </ToastProvider>
  );
}
