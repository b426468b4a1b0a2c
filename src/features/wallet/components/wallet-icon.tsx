// The wallet's symbols drawn inline: a coin for Coins and a banknote for Vantage Cash.
// Emoji such as 🪙 render as an empty box on systems without an emoji font (many Linux
// desktops, older Windows), and an SVG looks the same everywhere.
import type { WalletKind } from "../../../shared/money";

export function WalletIcon({ kind }: { kind: WalletKind }) {
  return (
    <svg className={`wallet-icon wallet-icon-${kind}`} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {kind === "coins" ? (
        <>
          <circle cx="8" cy="8" r="7" fill="currentColor" />
          <circle cx="8" cy="8" r="4.75" fill="none" stroke="rgba(0,0,0,0.35)" strokeWidth="1.25" />
          <path d="M9.6 6.3A2.1 2.1 0 1 0 9.6 9.7" fill="none" stroke="rgba(0,0,0,0.55)" strokeWidth="1.4" strokeLinecap="round" />
        </>
      ) : (
        <>
          <rect x="0.75" y="3.25" width="14.5" height="9.5" rx="1.75" fill="currentColor" />
          <circle cx="8" cy="8" r="2.4" fill="none" stroke="rgba(0,0,0,0.5)" strokeWidth="1.3" />
          <circle cx="3.4" cy="8" r="0.9" fill="rgba(0,0,0,0.45)" />
          <circle cx="12.6" cy="8" r="0.9" fill="rgba(0,0,0,0.45)" />
        </>
      )}
    </svg>
  );
}
