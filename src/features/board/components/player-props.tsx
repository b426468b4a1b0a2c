// The game page's "Player props": under the game lines, each player's markets at their main
// line with the board's own price buttons (the same pressed state on the same slip, the
// player's odds format, 'Locked' while a price is held back and 'Suspended' while an
// operator holds the player's market, the fair price under "Show fair odds"), grouped by
// player and then market, with a search over the players' names that ignores accents.
// Props are pre-match only, so a game under way says so and asks nothing. While they load,
// the section holds room for them so nothing below the page's first paint moves when they
// land. They are read again at the board's live cadence (use-event-props.ts), and the slip's
// picks of this game's players' markets follow each read, as its game lines follow the board.
import { useEffect, useId, useMemo, useState } from "react";
import { useBetslip } from "../../../session/betslip-provider";
import { useShowFairOdds } from "../../../session/fair-odds-setting";
import { useOddsFormat } from "../../../session/odds-format";
import { PROP_MARKETS } from "../../../shared/props/catalogue";
import type { Event } from "../../../shared/schemas/events";
import { useEventProps } from "../hooks/use-event-props";
import { LockedPriceButton, PriceButton } from "./price-cell";
import { matchesPlayer, playersOf, propOfferOf, type PlayerPropsGroup } from "./prop-offers";
import "./player-props.css";

export const NO_PROPS = "No player props for this game yet.";
export const PROPS_STARTED = "Player props are pre-match only: they closed when this game started.";

function PlayerCard({ player, idPrefix }: { player: PlayerPropsGroup; idPrefix: string }) {
  const [format] = useOddsFormat();
  const [showFair] = useShowFairOdds();
  const betslip = useBetslip();
  const nameId = `${idPrefix}-name`;
  return (
    <li className="game-props-player">
      <h3 className="game-props-player-name">
        <span id={nameId}>{player.name}</span>
        {player.team && <span className="game-props-team muted"> {player.team}</span>}
      </h3>
      {player.markets.map(({ market, sides }) => {
        const marketId = `${idPrefix}-${market.key}`;
        return (
          <div key={market.key} role="group" aria-labelledby={`${nameId} ${marketId}`} className="game-props-market">
            <span id={marketId} className="game-props-market-name">
              {market.label}
            </span>
            <div className={`game-props-sides${sides.length === 1 ? " is-single" : ""}`}>
              {sides.map(({ offer, pick }) =>
                pick ? (
                  <PriceButton
                    key={offer.side}
                    offer={offer}
                    price={pick.priceAm}
                    format={format}
                    selected={betslip.isSelected(pick.uid)}
                    showFair={showFair}
                    named
                    onPick={() => betslip.toggle(pick)}
                  />
                ) : (
                  <LockedPriceButton key={offer.side} offer={offer} named />
                ),
              )}
            </div>
          </div>
        );
      })}
    </li>
  );
}

/** The props of a game that has not started: loading, failed, none, or the players with the search. */
function PropsList({ event, refreshSeconds }: { event: Event; refreshSeconds: number | null }) {
  const { state, retry } = useEventProps(event.eventId, event.sport, refreshSeconds);
  const [query, setQuery] = useState("");
  const idPrefix = useId();
  const shownPlayers = useMemo(
    () => (state.status === "ready" ? playersOf(event, state.data.props, state.data.houseSuspended) : null),
    [state, event],
  );
  const players = shownPlayers ?? [];

  // Each props answer, and each change of the slip (a pick added, a 409's prices), the slip's picks of these props follow them.
  const { picks, followProps } = useBetslip();
  useEffect(() => {
    if (shownPlayers && picks.length > 0) followProps(event.eventId, propOfferOf(shownPlayers));
  }, [shownPlayers, picks, followProps, event.eventId]);

  if (state.status === "error") {
    return (
      <div className="game-props-error">
        <p className="board-error" role="alert">
          {state.message}
        </p>
        <button type="button" className="btn btn-sm" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  if (state.status === "ready" && players.length === 0) return <p className="game-props-note">{NO_PROPS}</p>;

  const shown = players.filter((player) => matchesPlayer(player.name, query));
  return (
    <>
      <div className="game-props-search">
        <label htmlFor={`${idPrefix}-search`} className="visually-hidden">
          Search players
        </label>
        <input
          id={`${idPrefix}-search`}
          type="search"
          placeholder="Search players"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
      </div>
      {state.status === "loading" ? (
        <p className="empty-state game-props-loading" role="status">
          Loading player props…
        </p>
      ) : shown.length === 0 ? (
        <p className="game-props-note">No players match “{query.trim()}”.</p>
      ) : (
        <ul className="game-props-players" aria-label="Players">
          {shown.map((player, i) => (
            <PlayerCard key={player.id} player={player} idPrefix={`${idPrefix}-${i}`} />
          ))}
        </ul>
      )}
    </>
  );
}

/** Nothing for a sport without players' markets (MMA). `refreshSeconds`: the board's live cadence, null until known. */
export function PlayerProps({ event, started, refreshSeconds }: { event: Event; started: boolean; refreshSeconds: number | null }) {
  if (PROP_MARKETS[event.sport].length === 0) return null;
  return (
    <section className="card game-props" aria-labelledby="game-props-title">
      <h2 id="game-props-title" className="card-title">
        Player props
      </h2>
      {started ? (
        <p className="game-props-note">{PROPS_STARTED}</p>
      ) : (
        <PropsList key={event.eventId} event={event} refreshSeconds={refreshSeconds} />
      )}
    </section>
  );
}
