// "Receipt" on a bet in My Picks or a paid redemption on the Redeem page: downloads its
// signed receipt as a JSON file (vantage-receipt-bet-<id>.json, vantage-receipt-payout-<id>.json)
// and offers the public verifier (/verify), where anyone can check it in their browser
// against the site's published keys and daily roots.
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { saveFile } from "../../../lib/save-file";
import { useApi } from "../../../session/auth-provider";
import { getReceipt } from "../api/receipts-api";

export const VERIFY_PATH = "/verify";

type State = { kind: "idle" } | { kind: "busy" } | { kind: "done" } | { kind: "error"; message: string };

/** What a receipt is of: a bet (its id) or a paid redemption (its id). */
export type ReceiptSubject = { kind: "bet" | "payout"; id: string };

export function ReceiptButton({ subject }: { subject: ReceiptSubject }) {
  const api = useApi();
  const [state, setState] = useState<State>({ kind: "idle" });
  const id = `${subject.kind}-${subject.id}`;
  const fetchReceipt = async () => {
    setState({ kind: "busy" });
    try {
      const receipt = await getReceipt(api, id);
      saveFile(`vantage-receipt-${id}.json`, `${JSON.stringify(receipt, null, 2)}\n`, "application/json");
      setState({ kind: "done" });
    } catch (err) {
      setState({ kind: "error", message: errorMessage(err, "The receipt could not be loaded. Try again.") });
    }
  };
  return (
    <span className="receipt-action">
      <button type="button" className="btn btn-ghost btn-sm" onClick={fetchReceipt} disabled={state.kind === "busy"}>
        {state.kind === "busy" ? "Getting receipt…" : "Receipt"}
      </button>
      {state.kind === "done" && (
        <span className="muted" role="status">
          Receipt downloaded. <Link to={VERIFY_PATH}>Verify it</Link>
        </span>
      )}
      {state.kind === "error" && <span role="alert">{state.message}</span>}
    </span>
  );
}
