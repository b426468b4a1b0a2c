// The sweepstakes notice every money page shows beside the existing entertainment-only
// ones (shop, /redeem, the wallet panel, the footer), linking free entry and the rules.
// Kept apart from the rules generator so the app shell can show it without loading zod.
export const NO_PURCHASE_NECESSARY = "No purchase necessary. Void where prohibited.";
export const FREE_ENTRY_PATH = "/free-entry";
export const SWEEPSTAKES_RULES_PATH = "/sweepstakes-rules";
