// /account: loss limits per wallet (daily, weekly, monthly), a daily play-time limit and
// the reality check (every 30, 60 or 90 minutes of a session). Like the stake and purchase
// limits, stricter settings apply at once and looser ones wait 24 hours; the form says when
// each waiting change takes effect. The settings come in labelled groups (losses per
// wallet, play time) so that eight of them are quick to scan on a phone. Links to My statement.
import { changedLimits, LimitField } from "./limit-field";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { formatMinutes, PLAY_LIMIT_NAMES, REALITY_CHECK_INTERVALS, type PlayLimitName } from "../../../shared/play-limits";
import { formatEtTime } from "../../../shared/protection";
import type { PlayLimitsRequest, PlayView } from "../../../shared/schemas/play";
import { useAuth } from "../../../session/auth-provider";
import { usePlay } from "../../../session/play-provider";
import { fetchPlay, setPlayLimits } from "../api/play-api";
import "./protection.css";

export const PLAY_LIMITS_SAVED = "Loss and time limits saved.";
export const PLAY_LIMITS_FAILED = "Could not save your limits. Please try again.";

type NumberLimit = Exclude<PlayLimitName, "realityCheckMinutes">;
/** The form's groups; the reality check closes the last, beside the daily play time. */
const GROUPS = ["Losses in Coins", "Losses in Vantage Cash", "Play time"] as const;
const NUMBER_ROWS: { name: NumberLimit; group: (typeof GROUPS)[number]; label: string; unit: string; step: string }[] = [
  { name: "dailyLossCoins", group: "Losses in Coins", label: "Daily loss (Coins)", unit: "Coins", step: "1" },
  { name: "weeklyLossCoins", group: "Losses in Coins", label: "Weekly loss (Coins)", unit: "Coins", step: "1" },
  { name: "monthlyLossCoins", group: "Losses in Coins", label: "Monthly loss (Coins)", unit: "Coins", step: "1" },
  { name: "dailyLossCash", group: "Losses in Vantage Cash", label: "Daily loss (Vantage Cash)", unit: "VC", step: "0.01" },
  { name: "weeklyLossCash", group: "Losses in Vantage Cash", label: "Weekly loss (Vantage Cash)", unit: "VC", step: "0.01" },
  { name: "monthlyLossCash", group: "Losses in Vantage Cash", label: "Monthly loss (Vantage Cash)", unit: "VC", step: "0.01" },
  { name: "dailyPlayMinutes", group: "Play time", label: "Daily play time", unit: "minutes", step: "1" },
];

function show(name: PlayLimitName, value: number | null): string {
  if (value === null) return name === "realityCheckMinutes" ? "off" : "no limit";
  if (name === "realityCheckMinutes") return `every ${value} minutes`;
  if (name === "dailyPlayMinutes") return `${value} minutes`;
  return `${value.toLocaleString("en-US")} ${name.endsWith("Cash") ? "Vantage Cash" : "Coins"}`;
}

function valuesOf(play: PlayView): Record<PlayLimitName, string> {
  return Object.fromEntries(PLAY_LIMIT_NAMES.map((n) => [n, play.limits[n] === null ? "" : String(play.limits[n])])) as Record<
    PlayLimitName,
    string
  >;
}

export function PlayLimits() {
  const { api } = useAuth();
  const { play, applyPlay } = usePlay();
  const [initial, setInitial] = useState<Record<PlayLimitName, string> | null>(play ? valuesOf(play) : null);
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // A failed first read says so and offers another, rather than loading for ever.
  const [loadFailed, setLoadFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { hash } = useLocation();
  const loaded = values !== null;

  // Arriving from a reality check's "Set a limit" (/account#play-limits): the form comes into view once loaded.
  useEffect(() => {
    if (loaded && hash === "#play-limits") document.getElementById("play-limits")?.scrollIntoView?.({ block: "start" });
  }, [loaded, hash]);

  // The fields the player has changed since the form last started from the server's answer,
  // and how many saves have answered: a fresh read never takes back an edit under way, and a
  // read sent before a save answered is older than that save.
  const edited = useRef(new Set<PlayLimitName>());
  const saves = useRef(0);

  // The form starts from a fresh answer: limits in force change with time, not only with the player's own saves.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the player's "Try again", a signal to read again.
  useEffect(() => {
    let live = true;
    setLoadFailed(null);
    const savesBefore = saves.current;
    fetchPlay(api).then(
      (fresh) => {
        if (!live || saves.current !== savesBefore) return;
        applyPlay(fresh);
        const freshValues = valuesOf(fresh);
        setInitial(freshValues);
        setValues((current) =>
          current === null
            ? freshValues
            : (Object.fromEntries(
                PLAY_LIMIT_NAMES.map((name) => [name, edited.current.has(name) ? current[name] : freshValues[name]]),
              ) as Record<PlayLimitName, string>),
        );
      },
      (err: unknown) => {
        if (live) setLoadFailed(errorMessage(err, "Your loss and time limits could not be loaded."));
      },
    );
    return () => {
      live = false;
    };
  }, [api, applyPlay, attempt]);

  if (loadFailed && (!play || !values || !initial)) {
    return (
      <div>
        <p className="error-text" role="alert">
          {loadFailed}
        </p>
        <button type="button" className="btn btn-sm" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </div>
    );
  }
  if (!play || !values || !initial) {
    return (
      <p className="muted" role="status">
        Loading your loss and time limits…
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changed = changedLimits(
      PLAY_LIMIT_NAMES,
      values,
      initial,
      (name) => NUMBER_ROWS.find((r) => r.name === name)?.label ?? "Reality check",
    );
    if ("error" in changed) {
      setResult({ ok: false, text: changed.error });
      return;
    }
    const { body } = changed;
    if (Object.keys(body).length === 0) {
      setResult({ ok: true, text: "Nothing changed." });
      return;
    }
    setSaving(true);
    setResult(null);
    try {
      const saved = await setPlayLimits(api, body as PlayLimitsRequest);
      saves.current += 1;
      edited.current.clear();
      applyPlay(saved);
      setInitial(valuesOf(saved));
      setValues(valuesOf(saved));
      const waiting = PLAY_LIMIT_NAMES.some((n) => n in body && saved.pendingLimits[n]);
      setResult({
        ok: true,
        text: waiting ? `${PLAY_LIMITS_SAVED} Higher limits and removals take effect after 24 hours (shown below).` : PLAY_LIMITS_SAVED,
      });
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err, PLAY_LIMITS_FAILED) });
    } finally {
      setSaving(false);
    }
  };

  const note = (name: PlayLimitName) => {
    const pending = play.pendingLimits[name];
    return `In force: ${show(name, play.limits[name])}${pending ? ` · Changes to ${show(name, pending.value)} on ${formatEtTime(Date.parse(pending.effectiveAt))}` : ""}`;
  };
  const edit = (name: PlayLimitName, text: string) => {
    edited.current.add(name);
    setValues({ ...values, [name]: text });
    setResult(null);
  };

  return (
    <section id="play-limits" className="card protection-card" aria-labelledby="play-limits-heading">
      <h3 id="play-limits-heading" className="card-title">
        Loss and time limits
      </h3>
      <p className="muted">
        A loss limit counts what you lost on settled bets in the period plus every open bet, which could be lost whole. Play time counts the
        minutes Vantage is open and visible on your devices. Lowering applies at once; raising or removing takes effect after 24 hours.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate className="protection-limits">
        {GROUPS.map((group) => (
          <fieldset key={group} className="protection-limit-group">
            <legend>{group}</legend>
            {NUMBER_ROWS.filter((row) => row.group === group).map((row) => {
              const inputId = `play-limit-${row.name}`;
              return (
                <LimitField
                  key={row.name}
                  inputId={inputId}
                  label={row.label}
                  unit={row.unit}
                  step={row.step}
                  value={values[row.name]}
                  onChange={(value) => edit(row.name, value)}
                  note={
                    <>
                      {note(row.name)}
                      {row.name === "dailyPlayMinutes" ? ` · Played today: ${formatMinutes(play.minutesToday)}` : ""}
                    </>
                  }
                />
              );
            })}
            {group === "Play time" && (
              <div className="field protection-limit">
                <label htmlFor="play-limit-realityCheckMinutes">Reality check</label>
                <select
                  id="play-limit-realityCheckMinutes"
                  className="input"
                  value={values.realityCheckMinutes}
                  aria-describedby="play-limit-realityCheckMinutes-note"
                  onChange={(e) => edit("realityCheckMinutes", e.target.value)}
                >
                  <option value="">Off</option>
                  {REALITY_CHECK_INTERVALS.map((minutes) => (
                    <option key={minutes} value={String(minutes)}>
                      Every {minutes} minutes
                    </option>
                  ))}
                </select>
                <span id="play-limit-realityCheckMinutes-note" className="muted protection-hint">
                  {note("realityCheckMinutes")}
                </span>
              </div>
            )}
          </fieldset>
        ))}
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? "Saving…" : "Save loss and time limits"}
        </button>
      </form>
      <p role="status" className={result?.ok === false ? "negative protection-error" : "positive protection-error"}>
        {result?.text ?? ""}
      </p>
      <p>
        <Link to="/statement">My statement</Link>: your purchases, stakes, results and time played each month, and every limit change.
      </p>
    </section>
  );
}
