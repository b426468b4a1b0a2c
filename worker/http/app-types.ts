// Hono typing shared by every sub-app: the Worker's bindings and what the auth
// middleware puts in the context.
/** `sessionId`: the sign-in (refresh-token family) the access token was issued under. */
export type AuthedUser = { id: string; email: string; sessionId: string };

export type AppEnv = {
  Bindings: Env;
  Variables: { user: AuthedUser };
};
