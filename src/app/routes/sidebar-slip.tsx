// The betslip beside a page of prices (the board, a game's page): in the right-hand column
// on wider screens, a bar at the bottom that opens it as a sheet on a phone, and the receipt
// of what was just placed. One component, so both pages offer the same slip the same way.
import { Betslip } from "../../features/betslip/components/betslip";
import { PhoneSlip } from "../../features/betslip/components/phone-slip";
import { PlacedReceipt } from "../../features/betslip/placed-receipt";
import type { BoardSidebar } from "../../features/board/components/board-page";
import { useMediaQuery } from "../../lib/use-media-query";

/** Phones (one column) carry the slip in a bar at the bottom; wider screens in the right-hand column. */
export const PHONE = "(max-width: 900px)";

export function SidebarSlip({ live }: { live: Parameters<BoardSidebar>[0] }) {
  const phone = useMediaQuery(PHONE);
  return (
    <>
      {phone ? <PhoneSlip live={live} /> : <Betslip live={live} />}
      <PlacedReceipt />
    </>
  );
}
