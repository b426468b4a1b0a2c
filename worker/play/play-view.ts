// The wire shapes of responsible play (src/shared/schemas/play.ts) from the wallet's
// snapshots (minor units, epoch ms): loss limits in Coins and Vantage Cash, ISO times, and
// the statement's history in words a player reads.
import { PLAY_LIMIT_NAMES, anyLimitLabel, formatAnyLimit, type PlayLimitName } from "../../src/shared/play-limits";
import { BREAK_LABEL, LIMIT_NAMES, type BreakPeriod, type LimitName } from "../../src/shared/protection";
import { minutesLeft } from "../../src/shared/play-time";
import { playLimitMinorPerUnit, type LimitHistoryEntry, type PlayView, type Statement } from "../../src/shared/schemas/play";
import { CENTS_PER_CASH } from "../../src/shared/money";
import type { LimitHistoryRow, PlaySnapshot, Statement as WalletStatement, StatementMonth } from "../protection/wallet";

const iso = (at: number) => new Date(at).toISOString();

export function playLimitToMinor(name: PlayLimitName, units: number | null): number | null {
  return units === null ? null : Math.round(units * playLimitMinorPerUnit(name));
}

function toUnits(name: PlayLimitName, minor: number | null): number | null {
  return minor === null ? null : minor / playLimitMinorPerUnit(name);
}

export function playView(snapshot: PlaySnapshot, now: number): PlayView {
  const { limits } = snapshot;
  const pendingLimits: PlayView["pendingLimits"] = {};
  for (const name of PLAY_LIMIT_NAMES) {
    const pending = limits.pending[name];
    if (pending) pendingLimits[name] = { value: toUnits(name, pending.value), effectiveAt: iso(pending.effectiveAt) };
  }
  const figures = snapshot.sessionFigures;
  return {
    limits: Object.fromEntries(PLAY_LIMIT_NAMES.map((name) => [name, toUnits(name, limits.effective[name])])) as PlayView["limits"],
    pendingLimits,
    minutesToday: snapshot.minutesToday,
    minutesLeft: minutesLeft(limits.effective, snapshot.minutesToday),
    realityCheck: {
      due: snapshot.realityCheckDueAt !== null && snapshot.realityCheckDueAt <= now,
      dueAt: snapshot.realityCheckDueAt === null ? null : iso(snapshot.realityCheckDueAt),
      session:
        snapshot.session && figures
          ? {
              startedAt: iso(snapshot.session.startedAt),
              minutes: figures.minutes,
              staked: { coins: figures.staked.coins, cash: figures.staked.cash / CENTS_PER_CASH },
              net: { coins: figures.net.coins, cash: figures.net.cash / CENTS_PER_CASH },
            }
          : null,
    },
    nudges: snapshot.nudges.map((n) => ({ id: n.id, message: n.message, createdAt: iso(n.createdAt) })),
  };
}

const isLimitName = (name: string): name is LimitName | PlayLimitName =>
  (LIMIT_NAMES as readonly string[]).includes(name) || (PLAY_LIMIT_NAMES as readonly string[]).includes(name);

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function valueText(name: LimitName | PlayLimitName, minor: number | null): string {
  if (minor === null) return name === "realityCheckMinutes" ? "Off" : "No limit";
  return name === "realityCheckMinutes" ? `Every ${formatAnyLimit(name, minor)}` : formatAnyLimit(name, minor);
}

export function historyEntry(row: LimitHistoryRow): LimitHistoryEntry {
  const base = {
    askedAt: iso(row.askedAt),
    effectiveAt: iso(row.effectiveAt),
    cancelledAt: row.cancelledAt === null ? null : iso(row.cancelledAt),
  };
  if (row.kind === "break") {
    const label = BREAK_LABEL[row.name as BreakPeriod] ?? row.name;
    return {
      kind: "break",
      name: row.name,
      label: row.name === "permanent" ? "Account closed for play" : "Break",
      from: "Playing",
      to: row.toValue === null ? label : `${label}, until ${iso(row.toValue)}`,
      ...base,
    };
  }
  const name = row.name;
  if (!isLimitName(name)) return { kind: "limit", name, label: name, from: String(row.fromValue), to: String(row.toValue), ...base };
  return {
    kind: "limit",
    name,
    label: sentence(anyLimitLabel(name)),
    from: valueText(name, row.fromValue),
    to: valueText(name, row.toValue),
    ...base,
  };
}

function monthView(month: StatementMonth): Statement["months"][number] {
  const cash = Object.fromEntries(Object.entries(month.cash).map(([k, v]) => [k, v / CENTS_PER_CASH])) as StatementMonth["cash"];
  return {
    month: month.month,
    coins: month.coins,
    cash,
    purchasedDollars: month.purchasedCents / 100,
    minutesPlayed: month.minutesPlayed,
    limitsReached: month.limitsReached.map((r) => ({
      name: r.name,
      label: isLimitName(r.name) ? sentence(anyLimitLabel(r.name)) : r.name,
      at: iso(r.at),
    })),
  };
}

export function statementView(statement: WalletStatement): Statement {
  return { months: statement.months.map(monthView), history: statement.history.map(historyEntry) };
}
