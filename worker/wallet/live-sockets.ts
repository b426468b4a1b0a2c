// The player's live feed: WebSockets held by their wallet Durable Object with the
// hibernation API, so open tabs cost nothing while idle. The Worker authenticates the
// connection (its live route) and hands the object only the verified user
// id, sign-in and token expiry, in the headers below. A new socket gets the balances and
// recent bets at once, so a (re)connected tab resyncs; every committed change is pushed
// to every open socket. A socket lives no longer than its access token: the alarm closes
// it at the expiry, nothing is sent to it after the expiry, and a logout closes the
// sockets of that sign-in at once and refuses it new ones until its last access token has
// expired: the Worker's check that a sign-in is live may trust an isolate's copy a few
// seconds old, so the object remembers the logout itself.
import { LIVE_CLOSE_SIGNED_OUT, LIVE_CLOSE_TOKEN_EXPIRED, LIVE_CLOSE_TOO_MANY, LIVE_PROTOCOL } from "../../src/shared/live-protocol";
import type { BetDocument, LiveMessage } from "../../src/shared/schemas/bets";
import type { WalletBalances } from "../../src/shared/schemas/user";
import { armAlarm } from "./outbox";

/** Headers by which the Worker hands a verified connection's user, sign-in and token expiry to the object. */
export const LIVE_USER_HEADER = "X-Vantage-User-Id";
export const LIVE_SESSION_HEADER = "X-Vantage-Session-Id";
export const LIVE_TOKEN_EXPIRES_HEADER = "X-Vantage-Token-Expires";

/** The object's key-value entry of a signed-out sign-in: when its access tokens have all expired. */
const signedOutKey = (sessionId: string) => `live-signed-out:${sessionId}`;

/** Bets pushed to a socket when it connects, so a (re)connected tab resyncs at once. */
const LIVE_SNAPSHOT_BETS = 50;
/** Open live sockets kept per player; the oldest is closed beyond this. */
const LIVE_MAX_SOCKETS = 20;

/**
 * What each live socket carries (survives hibernation): when it connected (time, then
 * a counter), and the sign-in and access-token expiry it was opened with.
 */
type LiveAttachment = { at: number; n: number; sid: string; exp: number };

/** What a connecting socket is sent first: read by the wallet in one transaction. */
export type LiveSnapshot = { balances: WalletBalances; bets: BetDocument[] };

export class LiveSockets {
  private socketSeq = 0;

  constructor(private readonly ctx: DurableObjectState) {
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** Whether any socket is open (a change with nobody listening is not pushed). */
  get listening(): boolean {
    return this.ctx.getWebSockets().length > 0;
  }

  /**
   * Accepts a live connection already authenticated by the Worker. `snapshot` reads the
   * balances and the newest `betLimit` bets for the connecting player.
   */
  async accept(request: Request, snapshot: (userId: string, betLimit: number) => LiveSnapshot): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("expected a websocket upgrade", { status: 426 });
    }
    const userId = request.headers.get(LIVE_USER_HEADER);
    const sid = request.headers.get(LIVE_SESSION_HEADER);
    const exp = Number(request.headers.get(LIVE_TOKEN_EXPIRES_HEADER));
    if (!userId || !sid || !Number.isFinite(exp)) return new Response("missing user, session or expiry", { status: 400 });
    const signedOutUntil = await this.ctx.storage.get<number>(signedOutKey(sid));
    if (signedOutUntil !== undefined) {
      if (signedOutUntil > Date.now()) return new Response("signed out", { status: 401 });
      await this.ctx.storage.delete(signedOutKey(sid));
    }
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    // getWebSockets() has no defined order: each socket carries when it connected.
    const connectedAt = (ws: WebSocket) => liveAttachment(ws) ?? { at: 0, n: 0 };
    const open = this.ctx.getWebSockets().sort((a, b) => connectedAt(a).at - connectedAt(b).at || connectedAt(a).n - connectedAt(b).n);
    for (const stale of open.slice(0, Math.max(0, open.length - LIVE_MAX_SOCKETS + 1))) {
      closeQuietly(stale, LIVE_CLOSE_TOO_MANY, "too many connections");
    }
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ at: Date.now(), n: ++this.socketSeq, sid, exp } satisfies LiveAttachment);
    await this.scheduleExpiry();
    const first = snapshot(userId, LIVE_SNAPSHOT_BETS);
    server.send(JSON.stringify({ type: "balances", balances: first.balances } satisfies LiveMessage));
    server.send(JSON.stringify({ type: "bets", bets: first.bets } satisfies LiveMessage));
    const offered = (request.headers.get("Sec-WebSocket-Protocol") ?? "").split(",").map((p) => p.trim());
    const headers = offered.includes(LIVE_PROTOCOL) ? { "Sec-WebSocket-Protocol": LIVE_PROTOCOL } : undefined;
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  /** A message from a tab: only the keep-alive ping is understood (answered even when awake). */
  onMessage(ws: WebSocket, message: string | ArrayBuffer): void {
    if (message === "ping") ws.send("pong");
  }

  /** The tab closed its socket: complete the close with its code when that code may be sent. */
  onClose(ws: WebSocket, code: number): void {
    const sendable = code === 1000 || (code >= 3000 && code <= 4999);
    try {
      ws.close(sendable ? code : 1000, "closing");
    } catch {
      // Already closed (the runtime may have answered the close itself).
    }
  }

  /**
   * Closes the live sockets opened under one sign-in (its logout), and refuses it new ones
   * until `refuseUntil` (when its last access token expires); answers how many were closed.
   */
  async closeSession(sessionId: string, refuseUntil: number): Promise<number> {
    if (refuseUntil > Date.now()) await this.ctx.storage.put(signedOutKey(sessionId), refuseUntil);
    let closed = 0;
    for (const ws of this.ctx.getWebSockets()) {
      if (liveAttachment(ws)?.sid !== sessionId) continue;
      closeQuietly(ws, LIVE_CLOSE_SIGNED_OUT, "signed out");
      closed += 1;
    }
    return closed;
  }

  closeExpired(now: number): void {
    for (const ws of this.ctx.getWebSockets()) {
      const attachment = liveAttachment(ws);
      if (attachment && attachment.exp <= now) closeQuietly(ws, LIVE_CLOSE_TOKEN_EXPIRED, "token expired");
    }
  }

  /** Makes sure the alarm rings by the next open socket's expiry (an earlier alarm is kept). */
  async scheduleExpiry(): Promise<void> {
    const next = this.nextExpiry();
    if (next !== null) await armAlarm(this.ctx.storage, next);
  }

  /** Sends `message` to every open socket whose token has not expired (expired ones are closed). */
  broadcast(message: LiveMessage): void {
    const text = JSON.stringify(message);
    const now = Date.now();
    for (const ws of this.ctx.getWebSockets()) {
      const attachment = liveAttachment(ws);
      if (attachment && attachment.exp <= now) {
        closeQuietly(ws, LIVE_CLOSE_TOKEN_EXPIRED, "token expired");
        continue;
      }
      try {
        ws.send(text);
      } catch {
        // A socket closing as we send is dropped; the client reconnects and resyncs.
      }
    }
  }

  /** When the next open socket's token expires (null without open sockets; closing ones no longer count). */
  private nextExpiry(): number | null {
    let next: number | null = null;
    for (const ws of this.ctx.getWebSockets()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const exp = liveAttachment(ws)?.exp;
      if (exp !== undefined && (next === null || exp < next)) next = exp;
    }
    return next;
  }
}

function liveAttachment(ws: WebSocket): LiveAttachment | null {
  return (ws.deserializeAttachment() as LiveAttachment | null) ?? null;
}

function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // Already closing.
  }
}
