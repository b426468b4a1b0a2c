// The username kept on the device (spec §3): the display name, else the part of the
// e-mail before '@', else 'user'. Stored on every auth change, removed on logout.
import { defaultDisplayName } from "../shared/display-name";

export const USERNAME_KEY = "vantage.username";

export function usernameFor(user: { displayName?: string | null; email?: string | null } | null): string {
  return defaultDisplayName(user?.displayName, user?.email);
}

export function storeUsername(user: { displayName?: string | null; email?: string | null }): void {
  try {
    localStorage.setItem(USERNAME_KEY, usernameFor(user));
  } catch {
    // Storage can be unavailable (private mode, quota); the username is a convenience copy.
  }
}

export function clearStoredUsername(): void {
  try {
    localStorage.removeItem(USERNAME_KEY);
  } catch {
    // See storeUsername.
  }
}
