// The live socket's wire protocol (GET /api/live), named once for the SPA and the Worker.
// Browsers cannot set headers on a WebSocket, so the SPA offers its access token as a
// sub-protocol (`vantage.token.<jwt>`) beside LIVE_PROTOCOL, which the Worker echoes back;
// the Worker's route hands the verified sign-in and token expiry to the wallet Durable
// Object in the two headers.

/** Sub-protocol the SPA offers beside its token; the Worker answers with it. */
export const LIVE_PROTOCOL = "vantage.live.v1";
/** The prefix under which the SPA offers its access token as a sub-protocol. */
export const LIVE_TOKEN_PROTOCOL_PREFIX = "vantage.token.";
/** Headers by which the Worker hands a verified connection's sign-in and token expiry to the object. */
export const LIVE_SESSION_HEADER = "X-Vantage-Session-Id";
export const LIVE_TOKEN_EXPIRES_HEADER = "X-Vantage-Token-Expires";
