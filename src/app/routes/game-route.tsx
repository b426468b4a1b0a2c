// /game/:eventId: a game's own page, guarded as the board is: the sign-in screen when
// signed out (signing in comes back here), the date-of-birth step first for a new player
// (PlayGate), then the game's page with the betslip beside it, the same slip as the
// board's (on a phone, a bar at the bottom that opens it as a sheet).
import { useLocation } from "react-router";
import { SignInCard } from "../../features/auth/components/sign-in-card";
import { Betslip } from "../../features/betslip/components/betslip";
import { PhoneSlip } from "../../features/betslip/components/phone-slip";
import { PlacedReceipt } from "../../features/betslip/placed-receipt";
import type { BoardSidebar } from "../../features/board/components/board-page";
import { GamePage } from "../../features/board/components/game-page";
import { PlayGate } from "../../features/protection/components/play-gate";
import { useMediaQuery } from "../../lib/use-media-query";
import { useAuth } from "../../session/auth-provider";
import "../../features/auth/components/auth.css";

/** Phones (one column) carry the slip in a bar at the bottom; wider screens in the right-hand column. */
const PHONE = "(max-width: 900px)";

function SidebarSlip({ live }: { live: Parameters<BoardSidebar>[0] }) {
  const phone = useMediaQuery(PHONE);
  return (
    <>
      {phone ? <PhoneSlip live={live} /> : <Betslip live={live} />}
      <PlacedReceipt />
    </>
  );
}

const gameSidebar: BoardSidebar = (live) => <SidebarSlip live={live} />;

export function GameRoute() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === "loading") {
    return (
      <p className="auth-status" role="status">
        Checking authentication...
      </p>
    );
  }
  if (status === "signed-out") return <SignInCard from={`${location.pathname}${location.search}`} />;
  return (
    <PlayGate>
      <GamePage sidebar={gameSidebar} />
    </PlayGate>
  );
}
