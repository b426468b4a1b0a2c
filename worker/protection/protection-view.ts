// The protection fields of the user document (src/shared/schemas/protection.ts) from the
// wallet's snapshot (minor units, epoch ms) and the request's region: API units and ISO times.
import { LIMIT_NAMES, type LimitName } from "../../src/shared/protection";
import { limitMinorPerUnit, type ProtectionView } from "../../src/shared/schemas/protection";
import { CENTS_PER_CASH } from "../../src/shared/money";
import type { ProtectionSnapshot } from "./wallet";
import { tunables } from "../tunables";
import { regionView } from "./request-region";

const iso = (at: number) => new Date(at).toISOString();

export function limitToUnits(name: LimitName, minor: number | null): number | null {
  return minor === null ? null : minor / limitMinorPerUnit(name);
}

export function limitToMinor(name: LimitName, units: number | null): number | null {
  return units === null ? null : Math.round(units * limitMinorPerUnit(name));
}

/** Without a request (e.g. the sign-in answer) the region is unknown: no region rules, MIN_AGE. */
export function protectionView(env: Env, snapshot: ProtectionSnapshot, now: number, request?: Request): ProtectionView {
  const { state, limits, allowance } = snapshot;
  const where = request
    ? regionView(env, request, now, snapshot.residence)
    : { region: null, unavailable: [], minAge: tunables(env).MIN_AGE, regionMode: "full" as const, regionNotice: null };
  const pendingLimits: ProtectionView["pendingLimits"] = {};
  for (const name of LIMIT_NAMES) {
    const pending = limits.pending[name];
    if (pending) pendingLimits[name] = { value: limitToUnits(name, pending.value), effectiveAt: iso(pending.effectiveAt) };
  }
  return {
    dateOfBirth: state.dateOfBirth,
    breakUntil: state.breakUntil !== null && state.closed === null && state.breakUntil > now ? iso(state.breakUntil) : null,
    closed: state.closed,
    minAge: where.minAge,
    region: where.region,
    unavailable: where.unavailable,
    regionMode: where.regionMode,
    regionNotice: where.regionNotice,
    limits: Object.fromEntries(LIMIT_NAMES.map((name) => [name, limitToUnits(name, limits.effective[name])])) as ProtectionView["limits"],
    pendingLimits,
    purchaseAllowance: allowance
      ? { limit: allowance.limit, remainingDollars: allowance.remainingCents / 100, resetsAt: iso(allowance.resetsAt) }
      : null,
    stakedToday: { coins: snapshot.stakedToday.coins, cash: snapshot.stakedToday.cash / CENTS_PER_CASH },
  };
}
