// Harness for the betslip, My Picks and Statistics DOM tests: the real providers (session,
// toast, wallet with its live socket, betslip) over a scripted /api and a fake WebSocket
// the test drives, plus picks shaped like the board's.
import type { ReactNode } from "react";
import { vi } from "vitest";
import { ToastProvider } from "../../src/components/toast";
import { AuthProvider } from "../../src/session/auth-provider";
import { BetslipProvider, useBetslip } from "../../src/session/betslip-provider";
import { WalletProvider } from "../../src/session/wallet-provider";
import { pickUid, type BetslipPick } from "../../src/shared/betslip";
import { americanToDecimal } from "../../src/shared/odds";
import type { BetDocument, LiveMessage, Market, Side } from "../../src/shared/schemas/bets";
import type { UserDocument } from "../../src/shared/schemas/user";
import { adultProtection } from "./app-fake-api";

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Record<string, string> };
export type Handler = (call: Call) => Response | Promise<Response> | undefined;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export function userDoc(overrides: Partial<UserDocument> = {}): UserDocument {
  return {
    ...adultProtection(),
    uid: "u1",
    displayName: "Ada",
    email: "ada@example.com",
    photoURL: null,
    coinBalance: 5000,
    vantageCash: 0,
    lastBonusDayET: "",
    bonusStreak: 0,
    redeemableCash: overrides.vantageCash ?? 0,
    cashToPlay: 0,
    ...overrides,
  };
}

/** Scripts /api: the session refresh signs `user` in (or answers 401 for null); `handler` answers the rest. */
export function fakeServer(user: UserDocument | null, handler: Handler = () => undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, "http://localhost");
    const call: Call = {
      method: init.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === "string" ? JSON.parse(init.body) : null,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    if (call.path === "/api/auth/refresh") {
      return user
        ? json(200, { accessToken: "token-1", expiresAt: Date.now() + 15 * 60_000, user })
        : json(401, { error: { code: "unauthenticated", message: "Please log in again." } });
    }
    const answer = await handler(call);
    if (answer) return answer;
    if (call.path === "/api/bets") return json(200, { bets: [], nextCursor: null });
    return json(404, { error: { code: "not-found", message: "No such API route." } });
  });
  return calls;
}

/** A stand-in for the browser WebSocket that the test can open, feed and drop. */
export class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  sent: string[] = [];
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  push(message: LiveMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
  static latest(): FakeSocket {
    const last = FakeSocket.all[FakeSocket.all.length - 1];
    if (!last) throw new Error("no socket opened");
    return last;
  }
}

export function installFakeSocket() {
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <ToastProvider>
        <WalletProvider>
          <BetslipProvider>{children}</BetslipProvider>
        </WalletProvider>
      </ToastProvider>
    </AuthProvider>
  );
}

export function boardPick(gameId: string, market: Market, side: Side, priceAm: number, line: number | null = null): BetslipPick {
  const team = side === "Home" ? "home" : side === "Away" ? "away" : null;
  const home = `Home ${gameId}`;
  const away = `Away ${gameId}`;
  return {
    uid: pickUid(gameId, market, side),
    gameId,
    league: "basketball_nba",
    market,
    side,
    label: market === "Total" ? `${side} ${line}` : team === "home" ? home : away,
    priceAm,
    priceDec: americanToDecimal(priceAm),
    line,
    teamKey: market === "Total" ? null : team,
    home,
    away,
    startTime: "2026-12-01T00:00:00.000Z",
  };
}

/** A stand-in for board cards: one button per pick that toggles it like a price button does. */
export function PickButtons({ picks }: { picks: BetslipPick[] }) {
  const slip = useBetslip();
  return (
    <div>
      {picks.map((p) => (
        <button key={p.uid} type="button" aria-pressed={slip.isSelected(p.uid)} onClick={() => slip.toggle(p)}>
          pick {p.uid}
        </button>
      ))}
    </div>
  );
}

let seq = 0;
export function betDoc(overrides: Partial<BetDocument> & Pick<BetDocument, "legs">): BetDocument {
  seq += 1;
  return {
    id: `bet-${seq}`,
    slipId: `slip-${seq}`,
    wallet: "coins",
    kind: overrides.legs.length > 1 ? "Parlay" : "Singles",
    status: "open",
    result: null,
    stake: 100,
    toWin: 90,
    payoutPaid: 0,
    createdAt: 1_700_000_000_000 + seq * 1000,
    settledAt: null,
    legResults: overrides.legs.map(() => null),
    ...overrides,
  };
}

export function legOf(pick: BetslipPick) {
  return {
    eventId: pick.gameId,
    league: pick.league,
    market: pick.market,
    side: pick.side,
    line: pick.line,
    priceAm: pick.priceAm,
    home: pick.home,
    away: pick.away,
    startTime: pick.startTime,
  };
}
