// Placeholder: The header wallet button and panel (issue #6) builds this.
export function WalletButton() {
  return null;
}
