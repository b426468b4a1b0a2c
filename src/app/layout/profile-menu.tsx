// The header's profile menu (spec §2): Account, Settings, Redeem Vantage Cash, Logout.
// A WAI-ARIA menu button: Enter/Space/ArrowDown open it on the first item, ArrowUp on
// the last; arrows, Home and End move, Escape closes and returns focus, Tab leaves.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useAuth } from "../../session/auth-provider";
import { usernameFor } from "../../session/username";

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

export function ProfileMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const name = usernameFor(user);

  useEffect(() => {
    if (open) menuItems(menuRef.current)[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openAt(0);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openAt(3);
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = menuItems(menuRef.current).length;
    const moves: Record<string, number> = {
      ArrowDown: (focusIndex + 1) % count,
      ArrowUp: (focusIndex - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex(moves[event.key]!);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  };

  const logout = async () => {
    close(false);
    await signOut();
    navigate("/", { replace: true });
  };

  return (
    <div className="profile-menu">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost profile-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        <span className="profile-avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="profile-name">{name}</span>
        <span className="visually-hidden">Profile menu</span>
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" aria-label="Profile" className="profile-dropdown" onKeyDown={onMenuKey}>
          <Link role="menuitem" tabIndex={-1} to="/account" onClick={() => close(false)}>
            Account
          </Link>
          <Link role="menuitem" tabIndex={-1} to="/settings" onClick={() => close(false)}>
            Settings
          </Link>
          <Link role="menuitem" tabIndex={-1} to="/redeem" onClick={() => close(false)}>
            Redeem Vantage Cash
          </Link>
          <button role="menuitem" tabIndex={-1} type="button" onClick={() => void logout()}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
