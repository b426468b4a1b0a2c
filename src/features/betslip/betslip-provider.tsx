// Placeholder (issue #4 replaces it): the betslip's picks, saved on the device, and
// the toggling rules of spec §4 that board cards call.
import { createContext, useContext, type ReactNode } from "react";
import type { BetslipPick } from "../../shared/betslip";

export type BetslipContextValue = {
  picks: BetslipPick[];
  toggle(pick: BetslipPick): void;
  isSelected(uid: string): boolean;
  remove(uid: string): void;
  clear(): void;
};

const empty: BetslipContextValue = { picks: [], toggle: () => undefined, isSelected: () => false, remove: () => undefined, clear: () => undefined };
const BetslipContext = createContext<BetslipContextValue>(empty);

export function BetslipProvider({ children }: { children: ReactNode }) {
  return <BetslipContext.Provider value={empty}>{children}</BetslipContext.Provider>;
}

export function useBetslip(): BetslipContextValue {
  return useContext(BetslipContext);
}
