// '/': the sign-in screen when signed out, the board when signed in (spec §2). It also
// reads the result of a redirect sign-in: `auth_error` (callback failures, shown as
// 'Sign-in failed: …') or `login_error` (the sign-in could not start, 'Login failed: …'),
// each mapped to a fixed message (the address's own text is never shown), and sends a
// player who just signed in on to the page they originally wanted. A player who has not
// confirmed a date of birth sees that step before the board (PlayGate). Beside the board
// sit the betslip (told the board's live rules; on a phone, a bar at the bottom that opens
// it as a sheet) and the Statistics card; above it, a new player's one-time tip.
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useAuth } from "../../session/auth-provider";
import { SignInCard } from "../../features/auth/components/sign-in-card";
import { safeFrom } from "../../session/sign-in-url";
import { useMediaQuery } from "../../lib/use-media-query";
import { BoardPage, type BoardSidebar } from "../../features/board/components/board-page";
import { BoardTips } from "../../features/board/components/board-tips";
import { PlayGate } from "../../features/protection/components/play-gate";
import { StatisticsCard } from "../../features/stats/components/statistics-card";
import { SIGN_IN_ERROR_PARAM, signInFailureMessage, type SignInFailure } from "../../shared/sign-in-errors";
import { PHONE, SidebarSlip } from "./sidebar-slip";
import "../../features/auth/components/auth.css";

const boardSidebar: BoardSidebar = (live) => (
  <>
    <SidebarSlip live={live} />
    <StatisticsCard />
  </>
);

function BoardWithTips() {
  const phone = useMediaQuery(PHONE);
  return (
    <>
      <BoardTips phone={phone} />
      <BoardPage sidebar={boardSidebar} />
    </>
  );
}

function resultMessage(params: URLSearchParams): SignInFailure | null {
  const authError = params.get(SIGN_IN_ERROR_PARAM.callback);
  if (authError !== null) return signInFailureMessage("callback", authError);
  const loginError = params.get(SIGN_IN_ERROR_PARAM.start);
  if (loginError !== null) return signInFailureMessage("start", loginError);
  return null;
}

export function HomeRoute() {
  const { status } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const stateFrom = (location.state as { from?: unknown } | null)?.from;
  const from = safeFrom(typeof stateFrom === "string" ? stateFrom : searchParams.get("from"));
  const [failure] = useState(() => resultMessage(searchParams));

  useEffect(() => {
    const shown = resultMessage(searchParams);
    if (!shown) return;
    console.error(shown.title);
    const rest = new URLSearchParams(searchParams);
    rest.delete(SIGN_IN_ERROR_PARAM.callback);
    rest.delete(SIGN_IN_ERROR_PARAM.start);
    setSearchParams(rest, { replace: true, state: location.state });
  }, [searchParams, setSearchParams, location.state]);

  useEffect(() => {
    if (status === "signed-in" && from !== "/") navigate(from, { replace: true });
  }, [status, from, navigate]);

  if (status === "loading") {
    return (
      <p className="auth-status" role="status">
        Checking authentication...
      </p>
    );
  }
  if (status === "signed-out") return <SignInCard from={from} error={failure} />;
  return (
    <PlayGate>
      <BoardWithTips />
    </PlayGate>
  );
}
