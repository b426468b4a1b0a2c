// A line under the header while play is paused: a running break with its end
// time, or an account the player closed. Balances and open bets stay visible; the server
// refuses bets, purchases and the bonus, and this says why before the player tries.
import { Link } from "react-router";
import { formatEtTime } from "../../../shared/protection";
import { useAuth } from "../../../session/auth-provider";
import "./protection.css";

export function PlayStatusBanner() {
  const { user } = useAuth();
  if (!user || user.dateOfBirth === null || user.closed === "under-age") return null;
  let text: string | null = null;
  if (user.closed === "permanent") {
    text = "You closed your account for play. You can still see your balance and redeem Vantage Cash you hold.";
  } else if (user.breakUntil !== null && Date.parse(user.breakUntil) > Date.now()) {
    text = `You are taking a break until ${formatEtTime(Date.parse(user.breakUntil))}. Betting, cash-outs, purchases and the daily bonus are paused until then.`;
  }
  if (!text) return null;
  return (
    <div className="play-status-banner" role="status">
      <p>
        {text} <Link to="/responsible-play">Get support</Link>
      </p>
    </div>
  );
}
