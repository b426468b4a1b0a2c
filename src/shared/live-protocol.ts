// The live socket's protocol (GET /api/live), named once for the SPA and the Worker.
// Browsers cannot set an Authorization header on a WebSocket, so the SPA offers its
// access token as a sub-protocol (LIVE_TOKEN_PREFIX + token) beside LIVE_PROTOCOL, which
// the Worker echoes back. The close codes tell the SPA why the server ended its socket.

/** The sub-protocol the SPA offers and the Worker echoes. */
export const LIVE_PROTOCOL = "vantage.live.v1";
/** Prefix of the sub-protocol that carries the access token. */
export const LIVE_TOKEN_PREFIX = "vantage.token.";

/** The player opened more tabs than a wallet keeps sockets for; the oldest is closed. */
export const LIVE_CLOSE_TOO_MANY = 4000;
/** The sign-in ended (logout): do not reconnect with this session. */
export const LIVE_CLOSE_SIGNED_OUT = 4001;
/** The access token expired: reconnect with a fresh one. */
export const LIVE_CLOSE_TOKEN_EXPIRED = 4002;
