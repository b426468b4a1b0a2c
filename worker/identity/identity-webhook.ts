// POST /api/identity/webhook's logic, shared by the route (Stripe calls it) and the
// simulated verification page (which calls it in-process with an event it signed the way
// Stripe signs). The signature is checked with Stripe's `constructEventAsync` on the raw
// body (STRIPE_IDENTITY_WEBHOOK_SECRET). The event only says which session changed: its
// outcome and verified outputs are read back from the provider (IdentityPort.readSession).
// A verified document is claimed in D1 first, with both keys of the person it shows (one
// verified person, one account: a second account gets `in-use` when the document or either
// key of the person is another's, and then keeps none of them), then the player's wallet is
// told, which compares the verified date of birth with the confirmed one (a difference is
// `mismatch`). The state the wallet ends up in is copied to D1 `identity_checks` for the
// operator console. The answer is 2xx only once the wallet has it, so Stripe retries
// anything else; replays change nothing, and an event of a session retired (by an
// operator's reset, or by a newer session the player began) or of one the state no longer
// belongs to changes nothing either: it claims nothing, and a claim this delivery made
// before the wallet declined its outcome is given up again, unless it is the document the
// wallet's state holds.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { ApiErrorBody } from "../../src/shared/schemas/api-error";
import { getDb } from "../db/database";
import { identityChecks, users } from "../db/schema";
import { errorBody } from "../http/api-error";
import { loggerFor } from "../logging/logger";
import { protectionWallet, type IdentityOutcome } from "../protection/wallet";
import { claimDocument, claimPerson, documentHash, personHashes, releaseClaim, releasePerson } from "./document-hash";
import { identityHashKey, identityWebhookSecret, type IdentityPort } from "./identity-port";
import { minAgeIn } from "../protection/request-region";
import { stripeSdk } from "../on-demand";

/** Stripe's default webhook timestamp tolerance, in seconds. */
const TOLERANCE_SECONDS = 300;

export const IDENTITY_EVENTS = new Set([
  "identity.verification_session.verified",
  "identity.verification_session.requires_input",
  "identity.verification_session.processing",
  "identity.verification_session.canceled",
]);

const SessionRefSchema = z.object({ id: z.string().min(1).max(255) });

/**
 * `closedForAgeOf`: the player a document under age just closed for play, projected to D1 already;
 * the route purges their public copies at the edge (it holds the request's cache).
 */
export type IdentityWebhookOutcome =
  | { status: 200; body: { received: true; identity?: string; ignored?: string }; closedForAgeOf?: string }
  | { status: 400 | 503; body: ApiErrorBody };

const ignored = (reason: string): IdentityWebhookOutcome => ({ status: 200, body: { received: true, ignored: reason } });

export function refuseIdentityEventBeforeBody(env: Env, signature: string | undefined): IdentityWebhookOutcome | null {
  if (!identityWebhookSecret(env) || !identityHashKey(env)) {
    return { status: 503, body: errorBody("not-configured", "Identity verification is not configured on this server.") };
  }
  if (!signature) return { status: 400, body: errorBody("invalid-signature", "Missing Stripe-Signature header.") };
  return null;
}

export async function handleIdentityWebhook(
  env: Env,
  port: IdentityPort,
  rawBody: string,
  signature: string | undefined,
  now: number,
): Promise<IdentityWebhookOutcome> {
  const refused = refuseIdentityEventBeforeBody(env, signature);
  if (refused) return refused;
  const Stripe = await stripeSdk();
  let event: { type?: unknown; data?: { object?: unknown } } | null;
  try {
    event = await Stripe.webhooks.constructEventAsync(
      rawBody,
      signature!,
      identityWebhookSecret(env)!,
      TOLERANCE_SECONDS,
      Stripe.createSubtleCryptoProvider(),
      now,
    );
  } catch {
    return { status: 400, body: errorBody("invalid-signature", "The webhook signature could not be verified.") };
  }
  if (typeof event !== "object" || event === null || typeof event.type !== "string") return ignored("not an event");
  if (!IDENTITY_EVENTS.has(event.type)) return ignored(`event type ${event.type}`);
  const ref = SessionRefSchema.safeParse(event.data?.object);
  if (!ref.success) return ignored("not a verification session");

  let session: Awaited<ReturnType<IdentityPort["readSession"]>>;
  try {
    session = await port.readSession(ref.data.id);
  } catch (err) {
    loggerFor(env).error("identity session could not be read", ref.data.id, err);
    return { status: 503, body: errorBody("provider-unavailable", "The identity provider could not be read now; deliver again.") };
  }
  if (session.status === "unknown") return ignored("unknown session");
  const userId = session.status === "verified" ? session.identity.userId : session.userId;
  const db = getDb(env);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return ignored("unknown player");

  const wallet = protectionWallet(env, userId);
  let outcome: IdentityOutcome;
  let ownerUserId: string | null = null;
  let claimedNow = false;
  let personsClaimedNow: string[] = [];
  if (session.status === "verified") {
    // An outcome the wallet would not record claims no document and no person in D1.
    const standing = await wallet.identitySessionStanding(userId, ref.data.id, now);
    if (standing === "retired") return ignored("retired session");
    const hash = await documentHash(identityHashKey(env)!, session.identity.document);
    const claim = await claimDocument(db, { documentHash: hash, userId, now });
    let owner = claim.owner;
    claimedNow = claim.claimedNow;
    // The document is this player's: the person on it must be too, by either key, whatever document verified them before.
    const persons = owner === userId ? await personHashes(identityHashKey(env)!, session.identity) : [];
    for (const person of persons) {
      const personClaim = await claimPerson(db, { personHash: person, userId, now });
      if (personClaim.claimedNow) personsClaimedNow.push(person);
      if (personClaim.owner !== userId) {
        owner = personClaim.owner;
        // Nothing this delivery claimed is this account's to keep: the person the document shows verified another.
        if (claimedNow) await releaseClaim(db, { documentHash: hash, userId });
        for (const claimed of personsClaimedNow) await releasePerson(db, { personHash: claimed, userId });
        claimedNow = false;
        personsClaimedNow = [];
        break;
      }
    }
    if (owner !== userId) ownerUserId = owner;
    outcome =
      owner === userId
        ? {
            sessionId: ref.data.id,
            outcome: "verified",
            documentHash: hash,
            dateOfBirth: session.identity.dateOfBirth,
            // The age that counts is the one where the document says the person lives, where that is higher.
            minAge: minAgeIn(env, session.identity.residence),
            residence: session.identity.residence,
          }
        : {
            sessionId: ref.data.id,
            outcome: "in-use",
            documentHash: hash,
            // A minor's document verified by another account closes this one as well.
            dateOfBirth: session.identity.dateOfBirth,
            minAge: minAgeIn(env, session.identity.residence),
          };
  } else if (session.status === "pending") {
    outcome = { sessionId: ref.data.id, outcome: "pending" };
  } else {
    outcome = { sessionId: ref.data.id, outcome: "needs-input", reason: session.reason ?? "The document or selfie could not be verified." };
  }
  const recorded = await wallet.recordIdentity(userId, outcome, now);
  // The document the wallet's state holds (and the person on it) stays claimed: a replay of the outcome that set it.
  const holdsThisDocument =
    (outcome.outcome === "verified" || outcome.outcome === "in-use") && outcome.documentHash === recorded.heldDocumentHash;
  const declined = !recorded.changed && !holdsThisDocument;
  if (declined) {
    // The wallet declined this outcome (a session retired since, or a state already final): what it claimed goes with it.
    if (claimedNow && outcome.outcome === "verified") await releaseClaim(db, { documentHash: outcome.documentHash, userId });
    for (const person of personsClaimedNow) await releasePerson(db, { personHash: person, userId });
  }
  if (recorded.retired) return ignored("retired session");
  const state = recorded.identity;
  // The console's copy follows the outcome the state came from, never one the wallet declined.
  if (state.status !== "none" && !declined) {
    const row = {
      status: state.status,
      sessionId: ref.data.id,
      provider: port.kind,
      reason: state.reason,
      ownerUserId: state.status === "in-use" ? ownerUserId : null,
      updatedAt: now,
    };
    await db
      .insert(identityChecks)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: identityChecks.userId, set: row });
  }
  if (recorded.closedForAge) {
    // Off every public social answer at once, like every other closure for play.
    await protectionWallet(env, userId).flushOutbox();
    return { status: 200, body: { received: true, identity: state.status }, closedForAgeOf: userId };
  }
  return { status: 200, body: { received: true, identity: state.status } };
}
