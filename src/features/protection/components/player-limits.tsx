// /account: the player's own limits: a daily stake per wallet and daily, weekly
// and monthly purchase limits. Lower limits apply at once; higher ones and removals wait
// 24 hours, and the form says when each waiting change takes effect. The boxes come in two
// labelled groups (stake, purchases) so that the form is quick to scan on a phone.
import { changedLimits, LimitField } from "./limit-field";
import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../../lib/api-client";
import { formatEtTime, LIMIT_NAMES, type LimitName } from "../../../shared/protection";
import type { LimitsRequest } from "../../../shared/schemas/protection";
import type { UserDocument } from "../../../shared/schemas/user";
import { useAuth } from "../../../session/auth-provider";
import { setLimits } from "../api/protection-api";
import "./protection.css";

export const LIMITS_SAVED = "Limits saved.";
export const LIMITS_FAILED = "Could not save your limits. Please try again.";

const GROUPS = ["Daily stake", "Purchases"] as const;

const ROWS: Record<LimitName, { group: (typeof GROUPS)[number]; label: string; unit: string; step: string }> = {
  dailyStakeCoins: { group: "Daily stake", label: "Daily stake (Coins)", unit: "Coins", step: "1" },
  dailyStakeCash: { group: "Daily stake", label: "Daily stake (Vantage Cash)", unit: "VC", step: "0.01" },
  dailyPurchaseDollars: { group: "Purchases", label: "Daily purchases", unit: "$", step: "0.01" },
  weeklyPurchaseDollars: { group: "Purchases", label: "Weekly purchases", unit: "$", step: "0.01" },
  monthlyPurchaseDollars: { group: "Purchases", label: "Monthly purchases", unit: "$", step: "0.01" },
};

function show(name: LimitName, value: number | null): string {
  if (value === null) return "no limit";
  const { unit } = ROWS[name];
  if (unit === "$") return `$${value.toFixed(2)}`;
  return `${value.toLocaleString("en-US")} ${unit === "VC" ? "Vantage Cash" : "Coins"}`;
}

function initialValues(user: UserDocument): Record<LimitName, string> {
  return Object.fromEntries(LIMIT_NAMES.map((n) => [n, user.limits[n] === null ? "" : String(user.limits[n])])) as Record<
    LimitName,
    string
  >;
}

export function PlayerLimits() {
  const { user, api, updateUser } = useAuth();
  const [initial, setInitial] = useState(() => (user ? initialValues(user) : null));
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const hintId = useId();
  if (!user || !values || !initial) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changed = changedLimits(LIMIT_NAMES, values, initial, (name) => ROWS[name].label);
    if ("error" in changed) {
      setResult({ ok: false, text: changed.error });
      return;
    }
    const body: LimitsRequest = changed.body;
    if (Object.keys(body).length === 0) {
      setResult({ ok: true, text: "Nothing changed." });
      return;
    }
    setSaving(true);
    setResult(null);
    try {
      const doc = await setLimits(api, body);
      updateUser(doc);
      setInitial(initialValues(doc));
      setValues(initialValues(doc));
      const waiting = LIMIT_NAMES.filter((n) => n in body && doc.pendingLimits[n]);
      setResult({
        ok: true,
        text: waiting.length > 0 ? `${LIMITS_SAVED} Higher limits and removals take effect after 24 hours (shown below).` : LIMITS_SAVED,
      });
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err, LIMITS_FAILED) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card protection-card" aria-labelledby="limits-heading">
      <h3 id="limits-heading" className="card-title">
        Stake and purchase limits
      </h3>
      <p id={hintId} className="muted">
        Days, weeks (from Monday) and months start at midnight Eastern time. Lowering a limit applies at once; raising or removing one takes
        effect after 24 hours. Leave a box empty for no limit.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate className="protection-limits">
        {GROUPS.map((group) => (
          <fieldset key={group} className="protection-limit-group">
            <legend>{group}</legend>
            {LIMIT_NAMES.filter((name) => ROWS[name].group === group).map((name) => {
              const row = ROWS[name];
              const pending = user.pendingLimits[name];
              const inputId = `limit-${name}`;
              const used =
                name === "dailyStakeCoins"
                  ? `Staked today: ${user.stakedToday.coins.toLocaleString("en-US")} Coins`
                  : name === "dailyStakeCash"
                    ? `Staked today: ${user.stakedToday.cash.toLocaleString("en-US")} Vantage Cash`
                    : null;
              return (
                <LimitField
                  key={name}
                  inputId={inputId}
                  label={row.label}
                  unit={row.unit}
                  step={row.step}
                  value={values[name]}
                  onChange={(value) => {
                    setValues({ ...values, [name]: value });
                    setResult(null);
                  }}
                  note={
                    <>
                      In force: {show(name, user.limits[name])}
                      {used ? ` · ${used}` : ""}
                      {pending ? ` · Changes to ${show(name, pending.value)} on ${formatEtTime(Date.parse(pending.effectiveAt))}` : ""}
                    </>
                  }
                />
              );
            })}
          </fieldset>
        ))}
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? "Saving…" : "Save limits"}
        </button>
      </form>
      <p role="status" className={result?.ok === false ? "negative protection-error" : "positive protection-error"}>
        {result?.text ?? ""}
      </p>
    </section>
  );
}
