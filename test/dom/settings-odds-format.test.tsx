// /settings: the odds format is American by default, a choice is saved on the device,
// and every subscriber (the board's prices) follows it at once.
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useOddsFormat } from "../../src/session/odds-format";
import { formatPrice } from "../../src/shared/odds";
import { fakeApi, jsonResponse, renderApp, sessionBody } from "./app-helpers";

function Price() {
  const [format] = useOddsFormat();
  return <output aria-label="price">{formatPrice(150, format)}</output>;
}

afterEach(() => vi.unstubAllGlobals());

describe("odds format setting", () => {
  it("defaults to American, saves Decimal on the device and updates every price", async () => {
    const user = userEvent.setup();
    fakeApi((call) => (call.path === "/api/auth/refresh" ? jsonResponse(200, sessionBody()) : undefined));
    renderApp("/settings");
    const american = (await screen.findByRole("radio", { name: /American/ })) as HTMLInputElement;
    expect(american.checked).toBe(true);

    const elsewhere = render(<Price />);
    expect(elsewhere.getByLabelText("price").textContent).toBe("+150");

    await user.click(screen.getByRole("radio", { name: /Decimal/ }));
    expect(localStorage.getItem("vantage.oddsFormat")).toBe("decimal");
    expect((screen.getByRole("radio", { name: /Decimal/ }) as HTMLInputElement).checked).toBe(true);
    expect(elsewhere.getByLabelText("price").textContent).toBe("2.50");

    await user.click(screen.getByRole("radio", { name: /American/ }));
    expect(elsewhere.getByLabelText("price").textContent).toBe("+150");
  });

  it("follows a change made in another tab", async () => {
    const view = render(<Price />);
    expect(view.getByLabelText("price").textContent).toBe("+150");
    localStorage.setItem("vantage.oddsFormat", "decimal");
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "vantage.oddsFormat" }));
    });
    expect(view.getByLabelText("price").textContent).toBe("2.50");
  });
});
