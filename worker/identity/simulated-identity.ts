// The embedded stand-in for Stripe Identity in development (never beside a live Stripe key,
// never outside development: worker/http/stand-ins.ts). A verification session is a D1 row
// (`sim_identity_sessions`) served by a local page (sim-identity-routes.ts) whose buttons
// record an outcome — verified, needs input, or a document whose date of birth differs —
// and deliver it as a signed `identity.verification_session.*` event to the real webhook
// handler, which then reads the session back through this port as it would from Stripe.
import { eq } from "drizzle-orm";
import { getDb } from "../db/database";
import { simIdentitySessions } from "../db/schema";
import type { IdentityPort, SessionOutcome } from "./identity-port";

export const SIM_IDENTITY_SESSION_ID = /^vs_sim_[0-9a-f]{32}$/;

export function createSimulatedIdentity(env: Env, origin: string): IdentityPort {
  const db = getDb(env);
  return {
    kind: "simulated",

    async createSession({ userId, now }) {
      const id = `vs_sim_${crypto.randomUUID().replaceAll("-", "")}`;
      await db.insert(simIdentitySessions).values({ id, userId, status: "requires_input", createdAt: now, updatedAt: now });
      return { id, url: `${origin}/api/identity/sim/${id}` };
    },

    async readSession(sessionId): Promise<SessionOutcome> {
      const [row] = await db.select().from(simIdentitySessions).where(eq(simIdentitySessions.id, sessionId)).limit(1);
      if (!row) return { status: "unknown" };
      if (row.status === "processing") return { status: "pending", userId: row.userId, reason: null };
      if (row.status !== "verified") return { status: "needs-input", userId: row.userId, reason: row.lastError };
      if (!row.dateOfBirth || !row.documentNumber || !row.documentType || !row.issuingCountry) return { status: "unknown" };
      return {
        status: "verified",
        identity: {
          userId: row.userId,
          name: row.legalName ?? "",
          dateOfBirth: row.dateOfBirth,
          residence: row.residence,
          document: { type: row.documentType, issuingCountry: row.issuingCountry, number: row.documentNumber },
        },
      };
    },
  };
}
