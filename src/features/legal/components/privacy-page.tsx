// /privacy: what the product keeps about a player and why (public).
import { LegalPage } from "./legal-page";

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>This policy explains what Vantage stores when you use it and how it is used.</p>
      <h2>What we keep</h2>
      <ul>
        <li>From Google sign-in: your account identifier, e-mail address, name and profile picture address.</li>
        <li>Your username, balances, daily-bonus streak, picks and their results, and purchase and redemption records.</li>
        <li>
          A sign-in cookie that keeps you signed in, readable only by our server; on your device, your preferences (odds format, wallet,
          favorites, betslip and username) in local storage.
        </li>
      </ul>
      <h2>Why</h2>
      <ul>
        <li>To run the game: show your balances and picks, settle them and prevent abuse.</li>
        <li>Payments are handled by our payment provider; we never see or store your card details.</li>
        <li>We do not sell your data and do not use it for advertising.</li>
      </ul>
      <h2>Children</h2>
      <p>Vantage is for adults (18+). It does not target children under 13 and does not knowingly collect their data.</p>
      <h2>Your choices</h2>
      <p>
        You can log out whenever you like, which ends the session on this device, and you can ask us to delete your account and its data.
      </p>
    </LegalPage>
  );
}
