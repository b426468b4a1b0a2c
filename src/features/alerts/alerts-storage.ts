// What this device remembers about alerts from the embedded push service (development),
// kept free of other imports so the app shell can check it without loading the feature.
/** This device's embedded subscription, its inbox (API path) and the last message shown from it. */
export const EMBEDDED_SUBSCRIPTION_KEY = "vantage.alerts.subscription";
export const EMBEDDED_INBOX_KEY = "vantage.alerts.inbox";
export const EMBEDDED_SEEN_KEY = "vantage.alerts.seen";
/** Dispatched on window when this device gets an embedded inbox, so the in-app notifications start reading it. */
export const INBOX_CHANGED_EVENT = "vantage:alerts-inbox";
