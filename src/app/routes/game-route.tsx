// /game/:eventId: a game's own page, guarded as the board is: the sign-in screen when
// signed out (signing in comes back here), the date-of-birth step first for a new player
// (PlayGate), then the game's page with the betslip beside it, the same slip as the
// board's (on a phone, a bar at the bottom that opens it as a sheet).
import { useLocation } from "react-router";
import { SignInCard } from "../../features/auth/components/sign-in-card";
import type { BoardSidebar } from "../../features/board/components/board-page";
import { GamePage } from "../../features/board/components/game-page";
import { PlayGate } from "../../features/protection/components/play-gate";
import { useAuth } from "../../session/auth-provider";
import { SidebarSlip } from "./sidebar-slip";
import "../../features/auth/components/auth.css";

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
