// /u/:handle: a player's public profile — the handle (the only name shown in
// public), member since, the Statistics card's Coins figures (Vantage Cash ones only
// when the player shows them), and settled picks (open ones once their games have
// started). Readable signed out; signed in, the viewer can follow the player.
import { useCallback, useEffect, useState } from "react";
import { useParams } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { WALLET_LABEL } from "../../../shared/money";
import { useAuth } from "../../../session/auth-provider";
import { StatisticsList } from "../../../components/statistics-list";
import { ClvList } from "../../../components/clv-list";
import { useOddsFormat } from "../../../session/odds-format";
import { getFollowState, getProfile, setFollowing } from "../api/social-api";
import { useLoad } from "../../../lib/use-load";
import { LoadStatePage } from "./load-state-page";
import { PublicPickCard } from "./public-pick-card";
import "./social.css";

function memberSince(ms: number): string {
  return new Date(ms).toLocaleDateString(undefined, { month: "long", year: "numeric" });
}

function FollowButton({ handle, onChange }: { handle: string; onChange(delta: number): void }) {
  const { api, status, user, signIn } = useAuth();
  const [following, setState] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isMe = user?.handle === handle;

  useEffect(() => {
    if (status !== "signed-in" || isMe) return;
    let live = true;
    getFollowState(api, handle).then(
      (s) => live && setState(s.following),
      () => live && setState(false),
    );
    return () => {
      live = false;
    };
  }, [api, handle, status, isMe]);

  if (status === "loading" || isMe) return null;
  if (status === "signed-out") {
    return (
      <button type="button" className="btn btn-primary" onClick={() => signIn(`/u/${handle}`)}>
        Sign in to follow
      </button>
    );
  }
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await setFollowing(api, handle, !following);
      setState(next.following);
      onChange(next.following ? 1 : -1);
    } catch (err) {
      setError(errorMessage(err, "Could not update follow."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <button
        type="button"
        className={`btn${following ? "" : " btn-primary"}`}
        aria-pressed={following === true}
        disabled={busy || following === null}
        onClick={() => void toggle()}
      >
        {following ? "Following" : "Follow"}
      </button>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function ProfilePage() {
  const { handle = "" } = useParams();
  const { api } = useAuth();
  const [profile, retry] = useLoad(useCallback(() => getProfile(api, handle), [api, handle]));
  const [followerDelta, setFollowerDelta] = useState(0);
  const [format] = useOddsFormat();

  if (profile.status !== "ready") {
    return (
      <LoadStatePage
        load={profile}
        retry={retry}
        loading="Loading profile…"
        title="Profile"
        pageClass="profile-page"
        notFound="This profile does not exist or is private."
        back={{ to: "/social", label: "Back to Social" }}
      />
    );
  }
  const p = profile.data;
  const followers = p.followers + followerDelta;
  return (
    <main className="page page-narrow profile-page">
      <section className="card profile-head">
        <div>
          <h1>{p.handle}</h1>
          <p className="muted">
            @{p.handle} · Member since {memberSince(p.memberSince)} · {followers} {followers === 1 ? "follower" : "followers"}
          </p>
        </div>
        <FollowButton handle={p.handle} onChange={(d) => setFollowerDelta((n) => n + d)} />
      </section>
      <div className="profile-stats">
        {(["coins", "cash"] as const).map((wallet) => {
          const stats = p.statistics[wallet];
          if (!stats) return null;
          return (
            <section key={wallet} className="card stats-card" aria-labelledby={`stats-${wallet}`}>
              <h2 id={`stats-${wallet}`} className="card-title">
                Statistics <span className="muted stats-wallet">{WALLET_LABEL[wallet]}</span>
              </h2>
              <StatisticsList stats={stats} wallet={wallet} format={format} />
              {p.clv?.[wallet] && <ClvList figures={p.clv[wallet]} />}
            </section>
          );
        })}
      </div>
      <section aria-labelledby="profile-picks">
        <h2 id="profile-picks" className="card-title">
          Picks
        </h2>
        {p.picks.length === 0 ? (
          <p className="empty-state">No public picks yet. Open picks appear once their games start.</p>
        ) : (
          <ul className="stack-list picks-list">
            {p.picks.map((pick) => (
              <PublicPickCard key={pick.id} pick={pick} />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
