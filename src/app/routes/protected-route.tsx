// The protected-route guard of spec §2: 'Loading...' while the session is being
// checked; without a signed-in player, back to '/' (replacing history) remembering the
// wanted path and query as `from`, so sign-in can return there. Signed in, the
// date-of-birth step comes first (PlayGate).
import { Navigate, Outlet, useLocation } from "react-router";
import { useAuth } from "../../session/auth-provider";
import { PlayGate } from "../../features/protection/components/play-gate";
import "../../features/auth/components/auth.css";

export function ProtectedRoute() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === "loading") {
    return (
      <p className="auth-status" role="status">
        Loading...
      </p>
    );
  }
  if (status === "signed-out") {
    return <Navigate to="/" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return (
    <PlayGate>
      <Outlet />
    </PlayGate>
  );
}
