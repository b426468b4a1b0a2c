// Placeholder (issue #4 replaces it): the selected wallet mode (saved on the device)
// and live balances from the player's wallet socket.
import { createContext, useContext, type ReactNode } from "react";
import type { WalletKind } from "../../shared/money";
import type { WalletBalances } from "../../shared/schemas/user";

export type WalletContextValue = {
  mode: WalletKind;
  setMode(mode: WalletKind): void;
  balances: WalletBalances | null;
};

const WalletContext = createContext<WalletContextValue>({ mode: "coins", setMode: () => undefined, balances: null });

export function WalletProvider({ children }: { children: ReactNode }) {
  return <WalletContext.Provider value={{ mode: "coins", setMode: () => undefined, balances: null }}>{children}</WalletContext.Provider>;
}

export function useWallet(): WalletContextValue {
  return useContext(WalletContext);
}
