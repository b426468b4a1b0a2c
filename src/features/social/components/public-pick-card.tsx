// One public pick (a profile's pick, a Following feed item or a shared link): who placed
// it (their handle, the only name shown in public), when, its legs with prices and
// results (a same-game block's legs grouped under its price, as in My Picks), and stake / to win / payout.
import { Link } from "react-router";
import { WALLET_LABEL } from "../../../shared/money";
import type { PublicPick } from "../../../shared/schemas/social";
import { profilePath } from "../../../shared/social";
import { Amounts, BetLegs, ResultBadge, placedAt, shownLegResults } from "../../../components/bet-parts";
import { useOddsFormat } from "../../../session/odds-format";
import type { ReactNode } from "react";
import "./social.css";

export function OwnerName({ owner }: { owner: PublicPick["owner"] }) {
  return (
    <Link to={profilePath(owner.handle)} className="social-owner">
      @{owner.handle}
    </Link>
  );
}

export function PublicPickCard({ pick, showOwner = false, children }: { pick: PublicPick; showOwner?: boolean; children?: ReactNode }) {
  const [format] = useOddsFormat();
  const label = pick.kind === "Parlay" ? `Parlay · ${pick.legs.length} legs` : "Single";
  return (
    <li className="card picks-item social-pick">
      {showOwner && <OwnerName owner={pick.owner} />}
      <div className="picks-item-head">
        <span className={`badge${pick.kind === "Parlay" ? " badge-accent" : ""}`}>{label}</span>
        <span className="muted picks-meta">
          {placedAt(pick.createdAt)} · {WALLET_LABEL[pick.wallet]}
        </span>
        {pick.kind === "Parlay" && <ResultBadge result={pick.status === "settled" ? pick.result : null} />}
      </div>
      <div className="picks-legs">
        <BetLegs bet={{ legs: pick.legs, legResults: shownLegResults(pick), sameGame: pick.sameGame }} format={format} />
      </div>
      <Amounts bet={pick} />
      {children}
    </li>
  );
}
