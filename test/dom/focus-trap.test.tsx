// The keyboard contract both modals share through useFocusTrap (the confirm-wager dialog
// and the operator console's action dialog): focus in, Tab wraps both ways, Escape closes
// unless busy, and focus goes back to the opener.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef, useState } from "react";
import { describe, expect, it } from "vitest";
import { useFocusTrap } from "../../src/lib/use-focus-trap";

function Panel({ busy, onClose, autofocus }: { busy: boolean; onClose(): void; autofocus: boolean }) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, { onClose, busy });
  return (
    <div ref={panel} role="dialog" aria-label="Panel">
      <button type="button">First</button>
      <input aria-label="Amount" data-autofocus={autofocus || undefined} />
      <button type="button">Last</button>
      <select aria-label="Disabled choice" disabled />
    </div>
  );
}

function Page({ busy = false, autofocus = false }: { busy?: boolean; autofocus?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && <Panel busy={busy} autofocus={autofocus} onClose={() => setOpen(false)} />}
    </>
  );
}

describe("useFocusTrap", () => {
  it("focuses the first focusable element, wraps Tab both ways (a disabled control at the end is not a stop), and returns focus on Escape", async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole("button", { name: "Open" });
    await user.click(opener);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "First" }));
    await user.keyboard("{Shift>}{Tab}{/Shift}");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Last" }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "First" }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText("Amount"));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("starts on the [data-autofocus] element", async () => {
    const user = userEvent.setup();
    render(<Page autofocus />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(document.activeElement).toBe(screen.getByLabelText("Amount"));
  });

  it("stays open on Escape while busy", async () => {
    const user = userEvent.setup();
    render(<Page busy />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Panel" })).toBeTruthy();
  });
});
