// Placeholder: Vantage Cash redemption (issue #6) builds this.
export function RedeemPage() {
  return null;
}
