// Spec §3 "Username": the display name, else the part of the e-mail before '@', else
// 'user'. Used by sign-in on the server and by the device-stored username in the SPA.
export function defaultDisplayName(name: string | null | undefined, email: string | null | undefined): string {
  const trimmed = name?.trim();
  if (trimmed) return trimmed;
  const local = email?.split("@")[0]?.trim();
  return local ? local : "user";
}
