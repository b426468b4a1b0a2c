// Settings → Alerts: every kind has its own switch, all off; the browser's permission
// prompt comes only after the player turns one on, never on page load. With the embedded
// push service (development) the alert arrives as an in-app notification. A limit or break
// taking effect and a nudge near a limit have switches of their own.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, jsonResponse, renderApp, sessionBody, sportsBody, userDoc, type FakeCall } from "./app-helpers";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const off = {
  kinds: { "bet-settled": false, "redemption-changed": false, "limit-changed": false, "limit-near": false, "region-changed": false },
  subscriptions: 0,
};

function session(handle: (call: FakeCall) => Response | undefined) {
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody(userDoc()));
    if (call.path.startsWith("/api/events")) return jsonResponse(200, []);
    if (call.path === "/api/sports") return jsonResponse(200, sportsBody());
    if (call.path.startsWith("/api/bets")) return jsonResponse(200, { bets: [], nextCursor: null });
    return handle(call);
  });
}

/** The push API of a server: `mode` decides how this browser subscribes; PUT flips one kind. */
function pushServer(mode: "real" | "embedded", extra: (call: FakeCall) => Response | undefined = () => undefined) {
  let prefs = structuredClone(off);
  return session((call) => {
    if (call.path === "/api/push/config") return jsonResponse(200, { mode, publicKey: `B${"A".repeat(86)}` });
    if (call.path === "/api/push/preferences" && call.method === "GET") return jsonResponse(200, prefs);
    if (call.path === "/api/push/preferences" && call.method === "PUT") {
      const { kind, enabled } = call.body as { kind: keyof typeof off.kinds; enabled: boolean };
      prefs = { ...prefs, kinds: { ...prefs.kinds, [kind]: enabled } };
      return jsonResponse(200, prefs);
    }
    if (call.path === "/api/push/subscriptions" && call.method === "POST") {
      prefs = { ...prefs, subscriptions: 1 };
      return jsonResponse(200, prefs);
    }
    return extra(call);
  });
}

const alertsCard = async () => (await screen.findByRole("heading", { name: "Alerts" })).closest("section")!;

/** The embedded push service with one browser endpoint whose inbox is empty. */
function embeddedPushWithEmptyInbox() {
  return pushServer("embedded", (call) => {
    if (call.path === "/api/dev/push/endpoints") {
      return jsonResponse(201, {
        endpoint: "https://localhost/api/dev/push/inbox/abc",
        expirationTime: null,
        keys: { p256dh: "p", auth: "a" },
      });
    }
    if (call.path.startsWith("/api/dev/push/inbox/abc")) return jsonResponse(200, { messages: [] });
    return undefined;
  });
}

describe("Settings → Alerts", () => {
  it("lists each kind with its own switch, off, and asks the browser only after one is turned on", async () => {
    const requestPermission = vi.fn(async () => "granted" as const);
    const subscription = { toJSON: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: { p256dh: "p", auth: "a" } }) };
    const subscribe = vi.fn(async () => subscription);
    vi.stubGlobal("Notification", { requestPermission });
    vi.stubGlobal("PushManager", class {});
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: { ready: Promise.resolve({ pushManager: { getSubscription: async () => null, subscribe } }), register: async () => ({}) },
    });
    const calls = pushServer("real");
    renderApp("/settings");
    const card = await alertsCard();
    const settled = await within(card).findByRole("switch", { name: /Bet settled/ });
    const redemption = within(card).getByRole("switch", { name: /Redemption updates/ });
    await waitFor(() => expect((settled as HTMLInputElement).disabled).toBe(false));
    expect((settled as HTMLInputElement).checked).toBe(false);
    expect((redemption as HTMLInputElement).checked).toBe(false);
    expect(within(card).getByText(/never sends marketing messages/)).toBeTruthy();
    expect(requestPermission).not.toHaveBeenCalled();

    await userEvent.setup().click(settled);
    await waitFor(() => expect((settled as HTMLInputElement).checked).toBe(true));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(calls.find((c) => c.path === "/api/push/subscriptions")?.body).toMatchObject({
      endpoint: "https://fcm.googleapis.com/fcm/send/x",
    });
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ kind: "bet-settled", enabled: true });
    expect((redemption as HTMLInputElement).checked).toBe(false);
    Reflect.deleteProperty(navigator, "serviceWorker");
  });

  it("says so when the browser blocks notifications, and leaves the switch off", async () => {
    vi.stubGlobal("Notification", { requestPermission: async () => "denied" });
    vi.stubGlobal("PushManager", class {});
    Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: { ready: new Promise(() => {}) } });
    const calls = pushServer("real");
    renderApp("/settings");
    const card = await alertsCard();
    const settled = await within(card).findByRole("switch", { name: /Bet settled/ });
    await waitFor(() => expect((settled as HTMLInputElement).disabled).toBe(false));
    await userEvent.setup().click(settled);
    expect(await within(card).findByText("Notifications are blocked for Vantage in this browser's settings.")).toBeTruthy();
    expect((settled as HTMLInputElement).checked).toBe(false);
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    Reflect.deleteProperty(navigator, "serviceWorker");
  });

  it("with the embedded push service, subscribes through it and shows what arrives as an in-app notification", async () => {
    const endpoint = "https://localhost/api/dev/push/inbox/abc";
    const message = {
      kind: "bet-settled",
      eventId: "bet-settled:b1",
      title: "Bet settled: Won",
      body: "Lakers @ Celtics: paid 500 Coins.",
      url: "/picks",
    };
    pushServer("embedded", (call) => {
      if (call.path === "/api/dev/push/endpoints")
        return jsonResponse(201, { endpoint, expirationTime: null, keys: { p256dh: "p", auth: "a" } });
      if (call.path.startsWith("/api/dev/push/inbox/abc")) return jsonResponse(200, { messages: [{ seq: 1, receivedAt: 1, message }] });
      return undefined;
    });
    renderApp("/settings");
    const card = await alertsCard();
    const settled = await within(card).findByRole("switch", { name: /Bet settled/ });
    await waitFor(() => expect((settled as HTMLInputElement).disabled).toBe(false));
    await userEvent.setup().click(settled);
    const alerts = await screen.findByRole("region", { name: "Notifications" });
    expect(await within(alerts).findByText("Bet settled: Won")).toBeTruthy();
    expect(within(alerts).getByText("Lakers @ Celtics: paid 500 Coins.")).toBeTruthy();
    await userEvent.setup().click(within(alerts).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("region", { name: "Notifications" })).toBeNull();
  });

  it("signing out ends this browser's alerts first: the server forgets it before the sign-in ends, and so does the device", async () => {
    const endpoint = "https://localhost/api/dev/push/inbox/abc";
    const calls = pushServer("embedded", (call) => {
      if (call.path === "/api/dev/push/endpoints")
        return jsonResponse(201, { endpoint, expirationTime: null, keys: { p256dh: "p", auth: "a" } });
      if (call.path.startsWith("/api/dev/push/inbox/abc")) return jsonResponse(200, { messages: [] });
      if (call.path === "/api/push/subscriptions" && call.method === "DELETE") return jsonResponse(200, off);
      if (call.path === "/api/auth/logout") return jsonResponse(200, {});
      return undefined;
    });
    renderApp("/settings");
    const settled = await within(await alertsCard()).findByRole("switch", { name: /Bet settled/ });
    await waitFor(() => expect((settled as HTMLInputElement).disabled).toBe(false));
    await userEvent.setup().click(settled);
    await waitFor(() => expect(localStorage.getItem("vantage.alerts.subscription")).not.toBeNull());

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Profile menu/ }));
    await user.click(screen.getByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/api/auth/logout")).toBe(true));
    const order = calls.map((c) => `${c.method} ${c.path}`).filter((c) => c.includes("/push/subscriptions") || c.includes("/auth/logout"));
    expect(order.slice(-2)).toEqual(["DELETE /api/push/subscriptions", "POST /api/auth/logout"]);
    expect(calls.find((c) => c.method === "DELETE")?.body).toEqual({ endpoint });
    expect(localStorage.getItem("vantage.alerts.subscription")).toBeNull();
    expect(localStorage.getItem("vantage.alerts.inbox")).toBeNull();
  });

  it("another tab's sign-out stops this tab's in-app notifications too", async () => {
    const message = {
      kind: "bet-settled",
      eventId: "bet-settled:b2",
      title: "Bet settled: Lost",
      body: "Lakers @ Celtics.",
      url: "/picks",
    };
    localStorage.setItem("vantage.alerts.inbox", "/dev/push/inbox/abc");
    pushServer("embedded", (call) =>
      call.path.startsWith("/api/dev/push/inbox/abc") ? jsonResponse(200, { messages: [{ seq: 1, receivedAt: 1, message }] }) : undefined,
    );
    renderApp("/settings");
    const alerts = await screen.findByRole("region", { name: "Notifications" });
    expect(await within(alerts).findByText("Bet settled: Lost")).toBeTruthy();
    // The other tab signed out: it cleared the device's inbox, which this tab hears of as a storage event.
    localStorage.removeItem("vantage.alerts.inbox");
    window.dispatchEvent(new StorageEvent("storage", { key: "vantage.alerts.inbox" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Notifications" })).toBeNull());
  });

  it("a limit or break taking effect and a nudge near a limit each have their own switch, off until turned on", async () => {
    const calls = embeddedPushWithEmptyInbox();
    renderApp("/settings");
    const card = await alertsCard();
    const changed = (await within(card).findByRole("switch", { name: /Limits and breaks/ })) as HTMLInputElement;
    const near = within(card).getByRole("switch", { name: /Near a limit/ }) as HTMLInputElement;
    expect(within(card).getByText("When a limit or break you set takes effect, and what now applies.")).toBeTruthy();
    expect(within(card).getByText("When you reach 80% of one of your limits, and what is left.")).toBeTruthy();
    await waitFor(() => expect(near.disabled).toBe(false));
    expect([changed.checked, near.checked]).toEqual([false, false]);

    const user = userEvent.setup();
    await user.click(near);
    await waitFor(() => expect(near.checked).toBe(true));
    expect(changed.checked).toBe(false);
    await user.click(changed);
    await waitFor(() => expect(changed.checked).toBe(true));
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      { kind: "limit-near", enabled: true },
      { kind: "limit-changed", enabled: true },
    ]);
    for (const name of [/Bet settled/, /Redemption updates/]) {
      expect((within(card).getByRole("switch", { name }) as HTMLInputElement).checked).toBe(false);
    }
  });
  it("offers an alert for a change in where Vantage Cash is offered, off until turned on", async () => {
    const calls = embeddedPushWithEmptyInbox();
    renderApp("/settings");
    const card = await alertsCard();
    const region = (await within(card).findByRole("switch", { name: /Where Vantage Cash is offered/ })) as HTMLInputElement;
    expect(
      within(card).getByText("When the law where you play changes what you can do with Vantage Cash, and what you still can."),
    ).toBeTruthy();
    await waitFor(() => expect(region.disabled).toBe(false));
    expect(region.checked).toBe(false);
    await userEvent.setup().click(region);
    await waitFor(() => expect(region.checked).toBe(true));
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([{ kind: "region-changed", enabled: true }]);
  });
});
