// Identity before the first redemption, as /redeem shows it: the player's state in one
// sentence and, while they may (not yet verified, or the last try needed more), the
// "Verify your identity" button that opens the provider's page (Stripe Identity, or the
// simulator in development). Mismatch and in-use say to contact support: only an operator
// can clear them.
import { canStartVerification, identityMessage, type IdentityState } from "../../../shared/schemas/identity";

export const IDENTITY_VERIFIED_TEXT = "Identity verified: redemptions are paid to you.";

export function IdentityCard({ identity, starting, onStart }: { identity: IdentityState; starting: boolean; onStart: () => void }) {
  if (identity.status === "verified") {
    return <p className="redeem-identity redeem-identity-verified">{IDENTITY_VERIFIED_TEXT}</p>;
  }
  const blocked = identity.status === "mismatch" || identity.status === "in-use";
  return (
    <div
      className={`card redeem-identity ${blocked ? "redeem-identity-blocked" : "redeem-identity-needed"}`}
      role={blocked ? "alert" : undefined}
    >
      <div>
        <p>{identityMessage(identity.status)}</p>
        {identity.status === "needs-input" && identity.reason && <p className="muted">Last try: {identity.reason}</p>}
      </div>
      {canStartVerification(identity.status) && (
        <button type="button" className="btn btn-primary" onClick={onStart} disabled={starting}>
          {identity.status === "pending" ? "Continue verification" : "Verify your identity"}
        </button>
      )}
    </div>
  );
}
