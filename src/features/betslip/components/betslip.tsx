// The betslip (spec §2, §4, §5): Singles or Parlay by pick count, a scrolling pick list,
// the amount box (digits and one point) with quick-add buttons, the chosen wallet and
// its balance, the house limits, to-win and payout in the player's odds format; then
// the shared checks → a confirm dialog listing the picks → POST /api/placeBet with one
// Idempotency-Key per confirmed slip (a player prop named by its player's and market's
// ids, `playerMarket`). A 409 price change updates the slip and asks the player to
// review; any other refusal shows the server's message. A slip with a pick on
// a game under way is held by the Worker for the live-bet delay of its sports; the
// buttons count it down ("Placing… 5", "4", …) from the same shared rule. With "Show
// fair odds" on, each pick shows the margin its price carries against the fair price and
// a parlay shows its own (src/shared/fair-odds.ts). In a Parlay, the picks on one game are
// one same-game block priced together (same-game-block.tsx): the parlay pays each block's
// price once, then the price of every other leg (src/shared/payout.ts). The slip follows
// the board's prices (betslip-provider.tsx): a moved price shows its move (moved-price.tsx)
// until the player confirms, and a pick whose line moved reads Locked. A price that moves
// while the confirm step is open shows there too, and Confirm turns into "Accept new
// prices": the wager is only sent at prices the dialog showed.
import { useEffect, useRef, useState } from "react";
import { useToast } from "../../../components/toast";
import { ApiError, REQUEST_TIMEOUT_MS, errorMessage } from "../../../lib/api-client";
import {
  MESSAGES,
  QUICK_ADD_AMOUNTS,
  amountFromInput,
  houseLimitsText,
  sanitizeAmountInput,
  type BetslipMode,
  type BetslipPick,
} from "../../../shared/betslip";
import { HOUSE_LIMITS, WALLET_LABEL, formatAmount } from "../../../shared/money";
import { formatDecimalOdds } from "../../../shared/odds";
import { sentenceOf } from "../../../shared/refusals";
import type { PlaceBetRequest } from "../../../shared/schemas/bets";
import { sportLabel, type SportKey } from "../../../shared/sports";
import { isUnderway, slipDelaySeconds } from "../../../shared/live-rules";
import { useApi, useAuth } from "../../../session/auth-provider";
import { useOddsFormat, type OddsFormat } from "../../../session/odds-format";
import { useShowFairOdds } from "../../../session/fair-odds-setting";
import { formatMargin, legMargin, parlayMargin } from "../../../shared/fair-odds";
import { modeAllows } from "../../../shared/region-rules";
import { useWallet } from "../../../session/wallet-provider";
import { useBetslip } from "../../../session/betslip-provider";
import { usePlay } from "../../../session/play-provider";
import { ConfirmDialog } from "./confirm-dialog";
import { combinedDecimal, useSlipFigures } from "./slip-figures";
import { SameGameBlockView, blockStatusId, type PricedBlock } from "./same-game-block";
import { MovedPrice } from "./moved-price";
import "./betslip.css";

/** The bet schemas load with the first placement, keeping zod out of the board's bundle. */
const betSchemas = () => import("../../../shared/schemas/bets");

/** Adds a quick-add amount to what is typed, keeping Vantage Cash to whole cents. */
function addToAmount(current: string, add: number): string {
  const base = Number(current);
  const total = (Number.isFinite(base) ? base : 0) + add;
  return String(Math.round(total * 100) / 100);
}

/**
 * The parlay's margin: each same-game block counts once at its price and fair chance, then
 * every other pick; null when any of them has no fair figure.
 */
function parlayMarginOf(picks: readonly BetslipPick[], blocks: readonly PricedBlock[]): number | null {
  const inBlock = new Set(blocks.flatMap((b) => b.legs));
  return parlayMargin([
    ...blocks.map((b) => ({ pFair: b.chance, priceAm: b.priceAm })),
    ...picks.filter((_, i) => !inBlock.has(i)).map((p) => ({ pFair: p.fairP ?? null, priceAm: p.priceAm })),
  ]);
}

/** The pick's market as the slip names it: a player's market reads "Player prop". */
function marketName(pick: BetslipPick): string {
  return pick.prop ? "Player prop" : pick.market;
}

/** Under the pick's name: its market, game and sport (a player prop's name already names its game). */
function pickMeta(pick: BetslipPick): string {
  if (pick.prop) return `${marketName(pick)} · ${sportLabel(pick.league)}`;
  return `${pick.market} · ${pick.away} @ ${pick.home} · ${sportLabel(pick.league)}`;
}

function PickRow({
  pick,
  format,
  locked,
  movedFrom,
  showFair,
  inBlock = false,
  onRemove,
}: {
  pick: BetslipPick;
  format: OddsFormat;
  locked: boolean;
  /** The price the player last saw, when it has moved since. */
  movedFrom: number | undefined;
  showFair: boolean;
  /** Part of a same-game block: the block's price and margin apply, not the pick's own margin. */
  inBlock?: boolean;
  onRemove(): void;
}) {
  const margin = showFair && !inBlock && !locked && pick.fairP !== undefined ? legMargin(pick.fairP, pick.priceAm) : null;
  return (
    <li className={`betslip-pick${locked ? " is-locked" : ""}${inBlock ? " is-in-block" : ""}`}>
      <div className="betslip-pick-main">
        <span className="betslip-pick-label">{pick.label}</span>
        {/* A block's legs are priced together: the block shows the one price they pay at. */}
        {locked ? (
          <span className="betslip-pick-price tabular">Locked</span>
        ) : (
          !inBlock && (
            <span className="betslip-pick-price tabular">
              <MovedPrice from={movedFrom} to={pick.priceAm} format={format} />
            </span>
          )
        )}
      </div>
      <div className="betslip-pick-meta muted">{inBlock ? marketName(pick) : pickMeta(pick)}</div>
      {margin !== null && (
        <div className="betslip-pick-margin muted tabular">
          House margin {formatMargin(margin)} <span className="visually-hidden">on this selection</span>
        </div>
      )}
      <button type="button" className="betslip-remove btn-ghost" aria-label={`Remove ${pick.label} ${marketName(pick)}`} onClick={onRemove}>
        ×
      </button>
    </li>
  );
}

/** One pick in the confirm dialog: its name, market and price, moved or Locked (none inside a same-game block, which has one price). */
function ConfirmRow({
  pick,
  format,
  locked,
  movedFrom,
  inBlock = false,
}: {
  pick: BetslipPick;
  format: OddsFormat;
  locked: boolean;
  movedFrom: number | undefined;
  inBlock?: boolean;
}) {
  return (
    <li>
      <span>
        {pick.label} <span className="muted">({marketName(pick)})</span>
      </span>
      {locked ? (
        <span className="tabular">Locked</span>
      ) : (
        !inBlock && (
          <span className="tabular">
            <MovedPrice from={movedFrom} to={pick.priceAm} format={format} />
          </span>
        )
      )}
    </li>
  );
}

/** What the slip needs to know to count the live-bet delay down (from GET /api/sports). */
export type BetslipLive = { betDelaySeconds: Record<SportKey, number>; skewMs: number };

/** The live-bet delay the Worker will hold this slip for: the longest among its picks on games under way. */
function liveDelayOf(picks: readonly BetslipPick[], live: BetslipLive | undefined): number {
  if (!live) return 0;
  const feedNow = Date.now() + live.skewMs;
  const liveSports = picks.filter((p) => isUnderway({ status: "scheduled", startTime: p.startTime }, feedNow)).map((p) => p.league);
  return slipDelaySeconds(liveSports, live.betDelaySeconds);
}

/** Seconds left of a countdown started at `startedAt`, ticking every second; null when none is running or it ran out. */
function useCountdown(countdown: { seconds: number; startedAt: number } | null): number | null {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!countdown) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [countdown]);
  if (!countdown) return null;
  const left = countdown.seconds - Math.floor((Date.now() - countdown.startedAt) / 1000);
  return left > 0 ? left : null;
}

/** `onPlacingChange`: told when a placement starts and ends, so a sheet holding the slip stays open meanwhile. */
export function Betslip({ live, onPlacingChange }: { live?: BetslipLive; onPlacingChange?(placing: boolean): void }) {
  const api = useApi();
  const { user } = useAuth();
  const toast = useToast();
  const [format] = useOddsFormat();
  const [showFair] = useShowFairOdds();
  const { mode: wallet, applyPlacement } = useWallet();
  const { refresh: refreshPlay } = usePlay();
  const slip = useBetslip();
  const { picks, mode, amount } = slip;
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ key: string; request: PlaceBetRequest } | null>(null);
  const [placing, setPlacing] = useState(false);
  const onPlacingRef = useRef(onPlacingChange);
  onPlacingRef.current = onPlacingChange;
  useEffect(() => onPlacingRef.current?.(placing), [placing]);
  const [delay, setDelay] = useState<{ seconds: number; startedAt: number } | null>(null);
  const secondsLeft = useCountdown(delay);
  const placingLabel = secondsLeft === null ? "Placing…" : `Placing… ${secondsLeft}`;

  const { sameGame, pricedBlocks, blocked, pricesAm, balance, amountMinor, returns, returnsKnown, check } = useSlipFigures(
    live?.skewMs ?? 0,
  );
  const blocks = sameGame.blocks;
  // Where the player's region offers no Vantage Cash, a cash slip is refused: say why beside it.
  const cashRefused = wallet === "cash" && user && !modeAllows(user.regionMode, "cash-bet") ? user.regionNotice : null;

  const chooseMode = (next: BetslipMode) => {
    slip.setMode(next);
    setError(null);
  };

  // The first check that would refuse the slip right now, shown beside Place (which stays
  // pressable: the checks run again when it is pressed). Nothing until an amount is typed.
  const hint = amount.trim() === "" || blocked !== null || cashRefused !== null || check.ok ? null : sentenceOf(check);

  /** The wager as the slip stands now, at the prices it shows. */
  const slipRequest = (): PlaceBetRequest => ({
    kind: mode,
    wallet,
    amount: amountFromInput(amount),
    picks: picks.map((p) => ({
      eventId: p.gameId,
      league: p.league,
      market: p.market,
      side: p.side,
      line: p.line,
      priceAm: p.priceAm,
      // A player's market by id: the Worker names the player and market from its own props.
      ...(p.prop && { playerMarket: { playerId: p.prop.playerId, marketKey: p.prop.marketKey } }),
    })),
    // The price of each same-game block as shown: the Worker answers 409 if it has moved.
    ...(mode === "Parlay" &&
      pricedBlocks.length > 0 && { sameGame: pricedBlocks.map((b) => ({ eventId: b.eventId, priceAm: b.priceAm })) }),
  });
  // While the confirm step is open the slip may move under it: then its wager is not the one shown.
  const current = confirm && !placing ? slipRequest() : null;
  const stale = current !== null && confirm !== null && JSON.stringify(current) !== JSON.stringify(confirm.request);
  // In the confirm step, a price shows its move since the player last saw it, or since the step opened.
  const askedAt = (i: number, pick: BetslipPick): number | undefined => {
    const asked = confirm?.request.picks[i];
    const same = asked && asked.eventId === pick.gameId && asked.market === pick.market && asked.side === pick.side;
    return same && asked.priceAm !== pick.priceAm ? asked.priceAm : undefined;
  };
  const blockAskedAt = (block: PricedBlock): number | undefined => {
    const asked = confirm?.request.sameGame?.find((b) => b.eventId === block.eventId)?.priceAm;
    return asked !== block.priceAm ? asked : undefined;
  };
  // A pick locked (or a block refused) while the confirm step is open: it says why, and cannot be confirmed.
  const refusedNow = confirm && !placing ? (blocked?.reason ?? (check.ok ? null : sentenceOf(check))) : null;

  const review = () => {
    setError(null);
    if (!user) {
      setError(MESSAGES.loginAgain);
      toast.show(MESSAGES.loginAgain, "error");
      return;
    }
    if (blocked) {
      setError(blocked.reason);
      return;
    }
    if (!check.ok) {
      setError(sentenceOf(check));
      return;
    }
    setConfirm({ key: crypto.randomUUID(), request: slipRequest() });
  };

  const place = async () => {
    if (!confirm || placing || refusedNow) return;
    // Prices that moved in the dialog are accepted first; only a second press places them.
    if (stale && current) {
      setConfirm({ key: crypto.randomUUID(), request: current });
      return;
    }
    setPlacing(true);
    // The player confirmed the prices shown: their moves are seen.
    slip.acceptPrices();
    sameGame.accept();
    const seconds = liveDelayOf(picks, live);
    if (seconds > 0) setDelay({ seconds, startedAt: Date.now() });
    try {
      // The Worker holds a live slip for its delay before answering: wait that much longer.
      const response = await api.request("/placeBet", async () => (await betSchemas()).PlaceBetResponseSchema, {
        method: "POST",
        body: confirm.request,
        headers: { "Idempotency-Key": confirm.key },
        timeoutMs: REQUEST_TIMEOUT_MS + seconds * 1000,
      });
      applyPlacement(response);
      toast.show(confirm.request.kind === "Parlay" ? MESSAGES.parlayPlaced : MESSAGES.singlesPlaced, "success");
      slip.showReceipt({ bets: response.bets, picks: [...picks], mode, amount });
      slip.clear();
    } catch (err) {
      if (err instanceof ApiError && (err.code === "price-changed" || err.code === "selection-locked" || err.code === "market-suspended")) {
        // A live leg the rules hold back (market-suspended) reads Locked too; the message names it.
        const schemas = await betSchemas();
        const refusal = (err.code === "market-suspended" ? schemas.MarketSuspendedRefusalSchema : schemas.PriceRefusalSchema).safeParse(
          err.body,
        );
        if (refusal.success) {
          slip.applyCurrentPrices(refusal.data.error.details.picks);
          // The blocks' current prices too: the slip shows them and the player confirms again.
          if (refusal.data.error.details.sameGame) sameGame.applyServerPrices(refusal.data.error.details.sameGame);
        }
      }
      // A reality check that fell due (or the time limit): the dialog and the wallet panel catch up at once.
      if (err instanceof ApiError && (err.code === "reality-check-due" || err.code === "time-limit")) refreshPlay();
      const message = errorMessage(err, MESSAGES.placeFailed);
      setError(message);
      toast.show(message, "error");
    } finally {
      setPlacing(false);
      setDelay(null);
      setConfirm(null);
    }
  };

  /** The confirm step's line for the slip's pick at `leg` (its price inside a same-game block is the block's). */
  const confirmRow = (leg: number, inBlock: boolean) => {
    const pick = picks[leg]!;
    return (
      <ConfirmRow
        key={pick.uid}
        pick={pick}
        format={format}
        locked={slip.lockedUids.has(pick.uid)}
        movedFrom={slip.movedFrom.get(pick.uid) ?? askedAt(leg, pick)}
        inBlock={inBlock}
      />
    );
  };

  const count = picks.length;
  return (
    <section className="card betslip" aria-labelledby="betslip-title">
      <div className="betslip-head">
        <h2 id="betslip-title" className="card-title">
          Betslip {count > 0 && <span className="badge badge-accent">{count}</span>}
        </h2>
        {count > 0 && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => slip.clear()}>
            Clear
          </button>
        )}
      </div>

      <div className="tabs betslip-modes" role="radiogroup" aria-label="Bet type">
        {(["Singles", "Parlay"] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            className={`tab${mode === m ? " active" : ""}`}
            disabled={m === "Parlay" && count < 2}
            onClick={() => chooseMode(m)}
          >
            {m}
          </button>
        ))}
      </div>

      {count === 0 ? (
        <p className="empty-state betslip-empty">Pick a price on the board to add it here.</p>
      ) : (
        <ul className="stack-list betslip-list" aria-label="Selections">
          {picks.map((pick, i) => {
            const blockIndex = blocks.findIndex((b) => b.legs.includes(i));
            const row = (p: BetslipPick) => (
              <PickRow
                key={p.uid}
                pick={p}
                format={format}
                locked={slip.lockedUids.has(p.uid)}
                movedFrom={slip.movedFrom.get(p.uid)}
                showFair={showFair}
                inBlock={blockIndex >= 0}
                onRemove={() => slip.remove(p.uid)}
              />
            );
            if (blockIndex < 0) return row(pick);
            const block = blocks[blockIndex]!;
            // A block is shown once, where its first pick stands, with all its picks inside.
            if (block.legs[0] !== i) return null;
            return (
              <SameGameBlockView
                key={`same-game:${block.eventId}`}
                block={block}
                index={blockIndex}
                format={format}
                showFair={showFair}
                onRetry={sameGame.retry}
              >
                {block.legs.map((leg) => row(picks[leg]!))}
              </SameGameBlockView>
            );
          })}
        </ul>
      )}

      <div className="betslip-wallet">
        <span>
          Wallet: <strong>{WALLET_LABEL[wallet]}</strong>
        </span>
        <span className="tabular">Balance: {balance === null ? "—" : formatAmount(wallet, balance)}</span>
      </div>
      {cashRefused && (
        <p id="betslip-region" className="betslip-error error-text">
          {cashRefused}
        </p>
      )}

      <div className="field">
        <label htmlFor="betslip-amount">{mode === "Singles" && count > 1 ? "Amount per bet" : "Amount"}</label>
        <input
          id="betslip-amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={amount}
          onChange={(e) => {
            slip.setAmount(sanitizeAmountInput(e.target.value));
            setError(null);
          }}
        />
      </div>
      <div className="betslip-quick" role="group" aria-label="Quick add">
        {QUICK_ADD_AMOUNTS.map((n) => (
          <button key={n} type="button" className="btn btn-sm" onClick={() => slip.setAmount(addToAmount(amount, n))}>
            +{n}
          </button>
        ))}
      </div>

      <dl className="betslip-summary tabular">
        {mode === "Parlay" && count >= 2 && (
          <>
            <dt>Parlay odds</dt>
            <dd>{returnsKnown ? formatDecimalOdds(combinedDecimal(pricesAm), format) : "—"}</dd>
          </>
        )}
        {showFair && mode === "Parlay" && count >= 2 && returnsKnown && parlayMarginOf(picks, pricedBlocks) !== null && (
          <>
            <dt>Parlay margin</dt>
            <dd>{formatMargin(parlayMarginOf(picks, pricedBlocks)!)}</dd>
          </>
        )}
        <dt>Total stake</dt>
        <dd>{formatAmount(wallet, returnsKnown ? returns.stake : Math.max(0, amountMinor))}</dd>
        <dt>To win</dt>
        <dd className="positive">{returnsKnown ? formatAmount(wallet, returns.toWin) : "—"}</dd>
        <dt>Payout</dt>
        <dd>{returnsKnown ? formatAmount(wallet, returns.payout) : "—"}</dd>
      </dl>

      {error && (
        <p className="betslip-error error-text" role="alert">
          {error}
        </p>
      )}

      {hint && !error && (
        <p id="betslip-hint" className="betslip-hint">
          {hint} {`The most per bet is ${formatAmount(wallet, HOUSE_LIMITS[wallet].maxStake)}.`}
        </p>
      )}
      <button
        type="button"
        className={`btn btn-primary btn-block${hint ? " is-inactive" : ""}`}
        onClick={review}
        disabled={placing || blocked !== null || cashRefused !== null}
        aria-describedby={blocked ? blockStatusId(blocked.index) : cashRefused ? "betslip-region" : hint ? "betslip-hint" : undefined}
      >
        {placing ? placingLabel : mode === "Parlay" ? "Place parlay" : count > 1 ? `Place ${count} singles` : "Place bet"}
      </button>

      <ul className="betslip-limits muted" aria-label="House limits">
        {houseLimitsText(wallet).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>

      {confirm && (
        <ConfirmDialog title="Confirm wager" busy={placing} onClose={() => setConfirm(null)}>
          <p className="muted">
            {confirm.request.kind} from {WALLET_LABEL[confirm.request.wallet]}
          </p>
          <ul className="stack-list betslip-confirm-list">
            {picks.map((_, i) => {
              const block = pricedBlocks.find((b) => b.legs.includes(i));
              if (!block) return confirmRow(i, false);
              if (block.legs[0] !== i) return null;
              return (
                <li key={`same-game:${block.eventId}`} className="betslip-confirm-block">
                  <div className="betslip-confirm-block-head">
                    <span>
                      Same-game parlay{" "}
                      <span className="muted">
                        ({block.away} @ {block.home})
                      </span>
                    </span>
                    <span className="tabular">
                      <MovedPrice from={block.movedFrom ?? blockAskedAt(block)} to={block.priceAm} format={format} />
                    </span>
                  </div>
                  <ul className="stack-list betslip-confirm-list" aria-label="Picks in this same-game parlay">
                    {block.legs.map((leg) => confirmRow(leg, true))}
                  </ul>
                </li>
              );
            })}
          </ul>
          <dl className="betslip-summary tabular">
            <dt>Total stake</dt>
            <dd>{formatAmount(wallet, returns.stake)}</dd>
            <dt>Payout if it wins</dt>
            <dd>{formatAmount(wallet, returns.payout)}</dd>
          </dl>
          {refusedNow ? (
            <p id="betslip-dialog-why" className="betslip-error error-text" role="alert">
              {refusedNow}
            </p>
          ) : (
            stale && (
              <p id="betslip-dialog-why" className="betslip-hint" role="status">
                Prices changed. Check them, then accept to continue.
              </p>
            )
          )}
          <div className="betslip-dialog-actions">
            <button type="button" className="btn" onClick={() => setConfirm(null)} disabled={placing}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-primary"
              data-autofocus
              onClick={() => void place()}
              disabled={placing || refusedNow !== null}
              aria-describedby={refusedNow || stale ? "betslip-dialog-why" : undefined}
            >
              {placing ? placingLabel : stale ? "Accept new prices" : "Confirm"}
            </button>
          </div>
        </ConfirmDialog>
      )}
    </section>
  );
}
