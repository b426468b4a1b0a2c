// When the law where a player plays changes, they are told once: /api/me notes where each
// player opens the app from, and each scheduled run compares every played region's rule
// with the one last announced, alerting the players there who turned the alert on, in the
// region's own sentence. A region seen for the first time is only recorded; a rule dated
// ahead alerts on its day; the same rule never alerts twice.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { etDayKey } from "../../src/shared/bonus";
import { regionNoticeSentence } from "../../src/shared/play-regions";
import type { PushNotice } from "../../src/shared/push-notices";
import { regionModeAt } from "../../src/shared/region-rules";
import { createApp } from "../../worker/app";
import { sendRegionChangeAlerts } from "../../worker/protection/region-change-alerts";
import { refreshOperatorRegionEntries } from "../../worker/protection/region-entries";
import { regionRules } from "../../worker/protection/request-region";
import { api, BASE, signIn, type SignedIn } from "./helpers";

/** Where cf, not DEV_REGION, says where a request comes from, as in production. */
const cfEnv = { ...env, DEV_REGION: "-" } as Env;
const DAY_MS = 86_400_000;
/** A rule's days are Eastern days, as the rules read them (whatever the hour in UTC). */
const dayOf = etDayKey;

async function openAppFrom(player: SignedIn, cf: { country: string; regionCode?: string }): Promise<void> {
  const ctx = createExecutionContext();
  const res = await createApp().fetch(
    new Request(`${BASE}/api/me`, { headers: { Authorization: `Bearer ${player.token}` }, cf }),
    cfEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(res.status).toBe(200);
}

const seenRow = (userId: string) =>
  env.DB.prepare("SELECT region, seen_at AS seenAt FROM player_regions WHERE user_id = ?")
    .bind(userId)
    .first<{ region: string; seenAt: number }>();

/** An entry as operators add one in the console, for `region`. */
async function addEntry(region: string, mode: string, fromDay: string, untilDay: string | null = null): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO region_rule_entries (request_id, region, mode, from_day, until_day, covers, min_age, source_title, source_url, requested_by, approved_by, created_at)
     VALUES (?, ?, ?, ?, ?, 'sweepstakes-sports', NULL, ?, 'https://example.org/act', 'op-a', 'op-b', ?)`,
  )
    .bind(crypto.randomUUID(), region, mode, fromDay, untilDay, `${region} Sweepstakes Act`, Date.now())
    .run();
}

/** One run's alerts for these players. */
async function runFor(players: SignedIn[], now: number): Promise<PushNotice[]> {
  const sent: PushNotice[] = [];
  await sendRegionChangeAlerts(env, now, async (notices) => {
    sent.push(...notices);
  });
  const ids = new Set(players.map((p) => p.userId));
  return sent.filter((n) => ids.has(n.userId));
}

describe("where a player plays", () => {
  it("is noted as /api/me is read, written again only when it changes", async () => {
    const player = await signIn();
    await openAppFrom(player, { country: "US", regionCode: "WY" });
    const first = await seenRow(player.userId);
    expect(first?.region).toBe("US-WY");
    await openAppFrom(player, { country: "US", regionCode: "WY" });
    expect(await seenRow(player.userId)).toEqual(first);
    await openAppFrom(player, { country: "CA", regionCode: "ON" });
    expect((await seenRow(player.userId))?.region).toBe("CA-ON");
  });
});

describe("a region's rule changing", () => {
  it("alerts the players there who turned it on, once, in the region's sentence; a rule dated ahead on its day", async () => {
    const region = "US-SD";
    const optedIn = await signIn();
    const quiet = await signIn();
    for (const p of [optedIn, quiet]) await openAppFrom(p, { country: "US", regionCode: "SD" });
    const turnedOn = await api("/api/push/preferences", {
      method: "PUT",
      token: optedIn.token,
      body: JSON.stringify({ kind: "region-changed", enabled: true }),
    });
    expect(turnedOn.status).toBe(200);

    const now = Date.now();
    // Seen for the first time: recorded, nobody alerted.
    expect(await runFor([optedIn, quiet], now)).toEqual([]);

    await addEntry(region, "coins-only", dayOf(now));
    const alerts = await runFor([optedIn, quiet], now);
    await refreshOperatorRegionEntries(env, now);
    const sentence = regionNoticeSentence(regionModeAt(region, regionRules(env), now))!;
    expect(sentence).toContain(`${region} Sweepstakes Act`);
    expect(alerts).toEqual([
      expect.objectContaining({
        userId: optedIn.userId,
        kind: "region-changed",
        title: `Vantage Cash in ${region}`,
        body: sentence,
        url: "/where-cash-is-offered",
      }),
    ]);
    // The same rule never alerts twice.
    expect(await runFor([optedIn, quiet], now)).toEqual([]);

    // A redeem-only window dated a week ahead alerts on its day, naming its last day, and not before.
    const ahead = now + 7 * DAY_MS;
    await addEntry(region, "redeem-only", dayOf(ahead), dayOf(ahead + 30 * DAY_MS));
    expect(await runFor([optedIn, quiet], now + DAY_MS)).toEqual([]);
    const onItsDay = await runFor([optedIn, quiet], ahead + DAY_MS / 2);
    expect(onItsDay).toHaveLength(1);
    expect(onItsDay[0]!.body).toContain(`you can redeem what you hold until ${dayOf(ahead + 30 * DAY_MS)}`);
    expect(onItsDay[0]!.eventId).not.toBe(alerts[0]!.eventId);
  });
});
