// /p/:shareId: a shared pick, whose "Tail" prices the pick's legs on the board feature's
// current boards.
import { useCallback } from "react";
import { getEvents } from "../../features/board/api/get-events";
import { currentPicksFor } from "../../features/board/current-picks";
import { SharedPickPage } from "../../features/social/components/shared-pick-page";
import type { PriceOnBoard } from "../../features/social/hooks/use-tail";
import { useApi } from "../../session/auth-provider";

export function SharedPickRoute() {
  const api = useApi();
  const priceOnBoard = useCallback<PriceOnBoard>((pick) => currentPicksFor(pick, (sport) => getEvents(api, sport, Date.now())), [api]);
  return <SharedPickPage priceOnBoard={priceOnBoard} />;
}
