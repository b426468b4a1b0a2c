// /p/:shareId: a bet someone shared — legs, prices, stake and result —
// readable signed out with a sign-in call to action. "Tail" copies the still-open,
// still-priced legs into the viewer's betslip; signed out it signs in first and tails
// on the way back (`?tail=1`), then opens the board and scrolls to the betslip. The
// board's current prices come from the route (`priceOnBoard`).
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { sharePath } from "../../../shared/social";
import { useAuth } from "../../../session/auth-provider";
import { getSharedPick } from "../api/social-api";
import { useLoad } from "../../../lib/use-load";
import { REVEAL_BETSLIP_STATE } from "../../../session/reveal-betslip";
import { useTail, type PriceOnBoard } from "../hooks/use-tail";
import { LoadStatePage } from "./load-state-page";
import { OwnerName, PublicPickCard } from "./public-pick-card";
import "./social.css";

export function SharedPickPage({ priceOnBoard }: { priceOnBoard: PriceOnBoard }) {
  const { shareId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { api, status, signIn } = useAuth();
  const tail = useTail(priceOnBoard);
  const [shared, retry] = useLoad(useCallback(() => getSharedPick(api, shareId), [api, shareId]));
  const [tailing, setTailing] = useState(false);
  const autoTailed = useRef(false);

  const pick = shared.status === "ready" ? shared.data.pick : null;
  const canTail = pick !== null && pick.status === "open" && pick.legResults.some((r) => r === null);

  const runTail = useCallback(async () => {
    if (!pick) return;
    setTailing(true);
    try {
      const { added } = await tail(pick);
      // The board's betslip scrolls into view when it appears (after the date-of-birth step, for a new player).
      if (added > 0) navigate("/", { state: REVEAL_BETSLIP_STATE });
    } finally {
      setTailing(false);
    }
  }, [pick, tail, navigate]);

  // Back from sign-in with ?tail=1: tail once (however often this runs), and drop the
  // flag so a reload does not repeat it.
  useEffect(() => {
    if (status !== "signed-in" || !pick || params.get("tail") !== "1" || autoTailed.current) return;
    autoTailed.current = true;
    setParams({}, { replace: true });
    if (canTail) void runTail();
  }, [status, pick, params, setParams, canTail, runTail]);

  if (shared.status !== "ready") {
    return (
      <LoadStatePage
        load={shared}
        retry={retry}
        loading="Loading pick…"
        title="Shared pick"
        pageClass="shared-pick-page"
        notFound="This shared pick does not exist."
        back={{ to: "/", label: "Go to the board" }}
      />
    );
  }
  const data = shared.data;
  return (
    <main className="page page-narrow shared-pick-page">
      <h1>Shared pick</h1>
      <p className="muted">
        Shared by <OwnerName owner={data.pick.owner} />
      </p>
      <ul className="stack-list picks-list">
        <PublicPickCard pick={data.pick} />
      </ul>
      <section className="card shared-pick-cta">
        {status === "signed-out" && (
          <>
            <p>
              {canTail
                ? "Sign in to tail this pick: its open legs go straight into your betslip."
                : "Sign in to Vantage to make your own picks."}
            </p>
            <button type="button" className="btn btn-primary" onClick={() => signIn(canTail ? `${sharePath(shareId)}?tail=1` : "/")}>
              {canTail ? "Sign in to tail" : "Sign in"}
            </button>
          </>
        )}
        {status === "signed-in" && canTail && (
          <>
            <p>Tail copies the legs still open into your betslip at today’s prices.</p>
            <button type="button" className="btn btn-primary" disabled={tailing} onClick={() => void runTail()}>
              {tailing ? "Tailing…" : "Tail"}
            </button>
          </>
        )}
        {status === "signed-in" && !canTail && (
          <>
            <p>This pick is settled, so there is nothing left to tail.</p>
            <Link to="/" className="btn">
              Go to the board
            </Link>
          </>
        )}
      </section>
    </main>
  );
}
