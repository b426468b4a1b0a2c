// Placeholder (issue #3 replaces it): the player's odds format, saved on the device.
export type OddsFormat = "american" | "decimal";

export function useOddsFormat(): [OddsFormat, (format: OddsFormat) => void] {
  return ["american", () => undefined];
}
