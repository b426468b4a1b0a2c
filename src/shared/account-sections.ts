// The sections of /account, named in its address (/account?section=limits) so a link, a
// push notice or the Back button opens the section meant rather than the first.
export const ACCOUNT_SECTIONS = ["profile", "limits", "privacy"] as const;
export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

export function accountSectionPath(section: AccountSection): string {
  return `/account?section=${section}`;
}
