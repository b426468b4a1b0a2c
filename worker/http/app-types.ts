// Hono typing shared by every sub-app: the Worker's bindings and what the auth
// middleware puts in the context.
export type AuthedUser = { id: string; email: string };

export type AppEnv = {
  Bindings: Env;
  Variables: { user: AuthedUser };
};
