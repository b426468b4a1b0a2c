// /responsible-play: what the player-protection tools do and where to get help.
// Public, linked from the footer and /account.
import { Link } from "react-router";
import { accountSectionPath } from "../../../shared/account-sections";
import { useAuth } from "../../../session/auth-provider";
import "./protection.css";

export function ResponsiblePlayPage() {
  const { status } = useAuth();
  return (
    <main className="page page-narrow responsible-play">
      <article className="card">
        <h1>Responsible play</h1>
        <p>
          Vantage is for entertainment only. Coins are play money, and Vantage Cash is a sweepstakes currency you receive free with coin
          packs and the daily bonus. Play for fun, never to make money or to win back losses.
        </p>

        <h2>Your tools</h2>
        <dl className="responsible-tools">
          <dt>Age check</dt>
          <dd>
            You confirm your date of birth once before you play. You must be 18 or older (higher where local rules say so, such as 19 in
            Alabama and Nebraska and 21 in Mississippi).
          </dd>
          <dt>Take a break</dt>
          <dd>
            Pause for 24 hours, 7 days or 30 days, or close your account for play for good. During a break you cannot bet, buy coins or
            claim the daily bonus; you can still sign in, see your balance, follow open bets (they settle as usual) and redeem Vantage Cash
            you hold. A break cannot be ended early.
          </dd>
          <dt>Limits</dt>
          <dd>
            Set a daily stake limit for Coins and for Vantage Cash, and daily, weekly and monthly limits on coin purchases. Days, weeks
            (from Monday) and months start at midnight Eastern time. Lowering a limit applies at once; raising or removing one takes effect
            after 24 hours, so a decision made in the moment has time to cool.
          </dd>
          <dt>Loss and time limits</dt>
          <dd>
            Cap what you can lose in Coins or Vantage Cash per day, week or month (open bets count in full until they settle), and how many
            minutes a day you play. When you reach 80% of one of your limits, Vantage tells you what is left.
          </dd>
          <dt>Reality checks</dt>
          <dd>
            Every 30, 60 or 90 minutes of play, a reminder shows how long you have played, what you staked and your net result, and lets you
            keep playing, take a 24-hour break or set a limit.
          </dd>
          <dt>My statement</dt>
          <dd>Each month's purchases, redemptions, stakes, results and time played, and every limit or break you set.</dd>
          <dt>Where you play</dt>
          <dd>Coin purchases and redemptions are not offered in some states and countries; Vantage tells you when that applies.</dd>
        </dl>
        <p>
          {status === "signed-in" ? (
            <Link to={accountSectionPath("limits")}>Set a break or limits on your account</Link>
          ) : (
            "Sign in and open your account to set a break or limits."
          )}
        </p>

        <h2>Signs to watch for</h2>
        <ul>
          <li>Spending more time or money than you meant to, or hiding it from others.</li>
          <li>Chasing losses, or playing to escape worry, stress or low mood.</li>
          <li>Feeling restless or irritable when you try to cut down.</li>
        </ul>

        <h2>Where to get help</h2>
        <ul className="responsible-help">
          <li>
            United States: National Problem Gambling Helpline, call <a href="tel:18005224700">1-800-GAMBLER</a> or text 800GAM, free and
            confidential, 24/7 (<a href="https://www.ncpgambling.org/">ncpgambling.org</a>).
          </li>
          <li>
            Canada: <a href="https://www.connexontario.ca/">ConnexOntario</a> 1-866-531-2600 and provincial helplines.
          </li>
          <li>
            United Kingdom: <a href="https://www.gamcare.org.uk/">GamCare</a> 0808 8020 133.
          </li>
          <li>
            Anywhere: <a href="https://www.gamblingtherapy.org/">Gambling Therapy</a> (free online support in many languages) and{" "}
            <a href="https://www.gamblersanonymous.org/">Gamblers Anonymous</a>.
          </li>
        </ul>
      </article>
    </main>
  );
}
