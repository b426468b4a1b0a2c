// /picks: My Picks, with the social feature's Share button under every bet.
import type { BetDocument } from "../../shared/schemas/bets";
import { MyPicksPage } from "../../features/picks/components/my-picks-page";
import { SharePickButton } from "../../features/social/components/share-pick-button";

const shareButton = (bet: BetDocument) => <SharePickButton betId={bet.id} />;

export function MyPicksRoute() {
  return <MyPicksPage betActions={shareButton} />;
}
