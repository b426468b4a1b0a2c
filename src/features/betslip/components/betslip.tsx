// Placeholder: The betslip (issue #4) builds this.
export function Betslip() {
  return null;
}
