// Stripe Identity: a `document` VerificationSession with a matching selfie, opened and read
// with the restricted key (STRIPE_IDENTITY_RESTRICTED_KEY). Reading the verified date of
// birth and document number needs that key and an explicit expand; the SDK is loaded only
// when a call is made.
import { stripeSdk } from "../on-demand";
import { regionOf } from "../../src/shared/play-regions";
import type { IdentityPort, SessionOutcome } from "./identity-port";

async function stripeClient(restrictedKey: string) {
  const Stripe = await stripeSdk();
  return new Stripe(restrictedKey, { httpClient: Stripe.createFetchHttpClient() });
}

const pad = (n: number) => String(n).padStart(2, "0");

export function createStripeIdentity(restrictedKey: string): IdentityPort {
  return {
    kind: "stripe",

    async createSession({ userId, returnUrl }) {
      const stripe = await stripeClient(restrictedKey);
      const session = await stripe.identity.verificationSessions.create({
        type: "document",
        // A driving licence or a state ID shows the holder's address, which the region and age
        // rules of where they live need; a passport shows none and would not verify them.
        options: { document: { require_matching_selfie: true, allowed_types: ["driving_license", "id_card"] } },
        client_reference_id: userId,
        metadata: { userId },
        return_url: returnUrl,
      });
      if (!session.url) throw new Error("Stripe returned a verification session without a URL");
      return { id: session.id, url: session.url };
    },

    async readSession(sessionId): Promise<SessionOutcome> {
      const stripe = await stripeClient(restrictedKey);
      const session = await stripe.identity.verificationSessions.retrieve(sessionId, {
        expand: ["verified_outputs", "verified_outputs.dob", "last_verification_report", "last_verification_report.document.number"],
      });
      const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
      if (!userId) return { status: "unknown" };
      if (session.status === "processing") return { status: "pending", userId, reason: null };
      if (session.status === "requires_input" || session.status === "canceled") {
        const reason = session.last_error?.reason ?? (session.status === "canceled" ? "The verification was canceled." : null);
        return { status: "needs-input", userId, reason };
      }
      if (session.status !== "verified") return { status: "unknown" };
      const dob = session.verified_outputs?.dob;
      const report = typeof session.last_verification_report === "object" ? session.last_verification_report : null;
      const document = report?.document;
      if (!dob?.year || !dob.month || !dob.day || !document?.number || !document.type || !document.issuing_country) {
        return { status: "needs-input", userId, reason: "The document's date of birth or number could not be read." };
      }
      return {
        status: "verified",
        identity: {
          userId,
          name: [session.verified_outputs?.first_name, session.verified_outputs?.last_name].filter(Boolean).join(" "),
          dateOfBirth: `${dob.year}-${pad(dob.month)}-${pad(dob.day)}`,
          // The document's address, where it has one (a US driver's licence does): its state is the residence.
          residence: regionOf(session.verified_outputs?.address?.country, session.verified_outputs?.address?.state),
          document: { type: document.type, issuingCountry: document.issuing_country, number: document.number },
        },
      };
    },
  };
}
