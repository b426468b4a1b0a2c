// Placeholder for the session (issue #2 replaces it): status, user, a token source and
// the bound API client. The interface below is what every feature codes against.
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createApiClient, type ApiClient } from "../../lib/api-client";
import type { UserDocument } from "../../shared/schemas/user";

export type AuthStatus = "loading" | "signed-in" | "signed-out";

export type AuthContextValue = {
  status: AuthStatus;
  user: UserDocument | null;
  getAccessToken(): Promise<string | null>;
  signIn(from?: string): void;
  signOut(): Promise<void>;
  /** Merge fresh fields (e.g. a new username or live balances) into the user. */
  updateUser(patch: Partial<UserDocument>): void;
  api: ApiClient;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const value = useMemo<AuthContextValue>(() => {
    const getAccessToken = async () => null;
    return {
      status: "signed-out",
      user: null,
      getAccessToken,
      signIn: () => undefined,
      signOut: async () => undefined,
      updateUser: () => undefined,
      api: createApiClient(getAccessToken),
    };
  }, []);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth outside AuthProvider");
  return value;
}

export function useApi(): ApiClient {
  return useAuth().api;
}
