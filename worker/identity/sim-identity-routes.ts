// The simulated identity provider's local page (development only; 404 outside development,
// 503 beside a live Stripe key: worker/http/stand-ins.ts). It stands where Stripe's hosted
// verification page would: the player "shows" a document (type, country, number, date of
// birth — prefilled with the confirmed date —, and the region of its address, prefilled with
// where the browser is) and picks an outcome. Verified and "date of
// birth differs" record the document as the verified outputs; "Needs input" records the
// error. Each is then delivered as the signed `identity.verification_session.*` event
// through the real webhook handler, and the player returns to /redeem like Stripe's
// return_url. The unguessable session id in the URL is the capability, as with Stripe's pages.
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { identityVerificationMode } from "../config";
import { getDb } from "../db/database";
import { simIdentitySessions, users } from "../db/schema";
import { ApiError } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { embeddedOnly } from "../http/stand-ins";
import { stripeSignatureHeader } from "../stripe-signature";
import { protectionWallet } from "../protection/wallet";
import { requestRegion } from "../protection/request-region";
import { identityWebhookSecret } from "./identity-port";
import { escapeHtml, STAND_IN_PAGE_CSP, standInPage } from "../http/stand-in-page";
import { handleIdentityWebhook } from "./identity-webhook";
import { purgeAfterStandingChange } from "../social/privacy-purge";
import { createSimulatedIdentity, SIM_IDENTITY_SESSION_ID } from "./simulated-identity";
import { isCalendarDate } from "../../src/shared/protection";

const DOCUMENT_TYPES = { driving_license: "Driver's license", passport: "Passport", id_card: "ID card" } as const;
const DOCUMENT_NUMBER = /^[A-Z0-9]{4,20}$/;
const LEGAL_NAME_MAX = 100;
/** A country (GB) or a subdivision (US-TX), as ISO 3166 writes them. */
const REGION = /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/;

const PAGE_STYLE = `main{max-width:26rem}
input,select{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border-radius:6px;border:1px solid #475569;background:#0f172a;color:#e2e8f0}
button{margin:.75rem .5rem 0 0}`;

const page = (body: string) => standInPage("Vantage test identity verification", body, PAGE_STYLE);

/**
 * Signs an event the way Stripe does and hands it to the real identity webhook handler; a
 * document under age purges the player's public copies, as the webhook route does.
 */
async function deliverSigned(c: Context<AppEnv>, type: string, sessionId: string, now: number): Promise<void> {
  const env = c.env;
  const origin = new URL(c.req.url).origin;
  const secret = identityWebhookSecret(env);
  if (!secret) throw new ApiError(503, "not-configured", "Identity verification is not configured on this server.");
  const created = Math.floor(now / 1000);
  const payload = JSON.stringify({
    id: `evt_sim_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    type,
    created,
    livemode: false,
    api_version: null,
    data: { object: { id: sessionId, object: "identity.verification_session" } },
  });
  const signature = await stripeSignatureHeader(payload, secret, created);
  const outcome = await handleIdentityWebhook(env, createSimulatedIdentity(env, origin), payload, signature, now);
  if (outcome.status !== 200) throw new ApiError(outcome.status, "identity-failed", "The simulated verification could not be delivered.");
  if (outcome.closedForAgeOf) await purgeAfterStandingChange(c, outcome.closedForAgeOf);
}

export function simIdentityRoutes() {
  const app = new Hono<AppEnv>();
  app.use(embeddedOnly(identityVerificationMode, "Not found."));

  const findSession = async (env: Env, id: string) => {
    if (!SIM_IDENTITY_SESSION_ID.test(id)) throw new ApiError(404, "not-found", "No such verification session.");
    const [row] = await getDb(env).select().from(simIdentitySessions).where(eq(simIdentitySessions.id, id)).limit(1);
    if (!row) throw new ApiError(404, "not-found", "No such verification session.");
    return row;
  };

  app.get("/:id", async (c) => {
    const session = await findSession(c.env, c.req.param("id"));
    c.header("Content-Security-Policy", STAND_IN_PAGE_CSP);
    if (session.status === "verified") {
      return c.html(page(`<h1>Identity verified</h1><p>This verification is complete.</p><p><a href="/redeem">Back to Redeem</a></p>`));
    }
    const protection = await protectionWallet(c.env, session.userId).getProtection(session.userId, Date.now());
    // The document's name starts as the account's; type another to try a second person's document.
    const [player] = await getDb(c.env).select({ name: users.displayName }).from(users).where(eq(users.id, session.userId)).limit(1);
    const dob = protection.state.dateOfBirth ?? "1990-01-01";
    // The document's address starts where this browser is, so a plain "Verified" changes nothing; type another to try a move.
    const residence = requestRegion(c.env, c.req.raw) ?? "";
    const number = `D${crypto.getRandomValues(new Uint32Array(1))[0]!.toString().padStart(10, "0")}`;
    const error =
      c.req.query("error") === "document"
        ? `<p class="error" role="alert">Enter a name of at most ${LEGAL_NAME_MAX} characters (or none), a 4–20 letter or digit document number, a date, and a region code such as US-TX (or nothing).</p>`
        : "";
    const options = Object.entries(DOCUMENT_TYPES)
      .map(([value, label]) => `<option value="${value}">${label}</option>`)
      .join("");
    return c.html(
      page(`<h1>Verify your identity</h1>
<p>Show a photo ID and take a selfie (simulated). Choose how this verification ends.</p>
${session.lastError ? `<p class="error">Last attempt: ${escapeHtml(session.lastError)}</p>` : ""}${error}
<form method="post" action="/api/identity/sim/${session.id}/complete">
<label for="document_type">Document</label><select id="document_type" name="document_type">${options}</select>
<label for="issuing_country">Issuing country</label><input id="issuing_country" name="issuing_country" value="US" maxlength="2" required>
<label for="legal_name">Full name on the document</label><input id="legal_name" name="legal_name" value="${escapeHtml(player?.name ?? "")}" maxlength="${LEGAL_NAME_MAX}" autocomplete="off">
<label for="document_number">Document number</label><input id="document_number" name="document_number" value="${number}" autocomplete="off" required>
<label for="date_of_birth">Date of birth on the document</label><input id="date_of_birth" name="date_of_birth" type="date" value="${escapeHtml(dob)}" required>
<label for="residence">Address on the document: state or country (ISO 3166, e.g. US-TX; empty for a document that shows none, such as a passport)</label><input id="residence" name="residence" value="${escapeHtml(residence)}" maxlength="6">
<button class="pay" type="submit" name="outcome" value="verified">Verified</button>
<button class="cancel" type="submit" name="outcome" value="needs-input">Needs input</button>
<button class="danger" type="submit" name="outcome" value="mismatch">Date of birth differs</button>
</form>
<p class="note">Simulated identity provider (development). Nothing leaves this machine; the name and document number are kept only in this development database.</p>`),
    );
  });

  app.post("/:id/complete", async (c) => {
    const session = await findSession(c.env, c.req.param("id"));
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string).trim() : "");
    const outcome = field("outcome");
    const now = Date.now();
    const db = getDb(c.env);
    if (outcome === "needs-input") {
      await db
        .update(simIdentitySessions)
        .set({ status: "requires_input", lastError: "The document could not be read. Try again with a clearer photo.", updatedAt: now })
        .where(eq(simIdentitySessions.id, session.id));
      await deliverSigned(c, "identity.verification_session.requires_input", session.id, now);
      return c.redirect("/redeem?identity=return", 303);
    }
    if (outcome !== "verified" && outcome !== "mismatch") throw new ApiError(400, "invalid-argument", "Choose an outcome.");
    const type = field("document_type");
    const number = field("document_number").replace(/[\s-]/g, "").toUpperCase();
    let dateOfBirth = field("date_of_birth");
    const residence = field("residence").toUpperCase();
    const legalName = field("legal_name").replace(/\s+/g, " ");
    if (
      legalName.length > LEGAL_NAME_MAX ||
      !Object.hasOwn(DOCUMENT_TYPES, type) ||
      !DOCUMENT_NUMBER.test(number) ||
      !isCalendarDate(dateOfBirth) ||
      !(residence === "" || REGION.test(residence))
    ) {
      return c.redirect(`/api/identity/sim/${session.id}?error=document`, 303);
    }
    // "Date of birth differs": the document shows the day after the one entered.
    if (outcome === "mismatch") dateOfBirth = new Date(Date.parse(`${dateOfBirth}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await db
      .update(simIdentitySessions)
      .set({
        status: "verified",
        documentType: type,
        issuingCountry: (field("issuing_country") || "US").toUpperCase().slice(0, 2),
        documentNumber: number,
        dateOfBirth,
        residence: residence === "" ? null : residence,
        // A form without a name stands for a document whose name the provider could not read.
        legalName: legalName === "" ? null : legalName,
        lastError: null,
        updatedAt: now,
      })
      .where(eq(simIdentitySessions.id, session.id));
    await deliverSigned(c, "identity.verification_session.verified", session.id, now);
    return c.redirect("/redeem?identity=return", 303);
  });

  return app;
}
