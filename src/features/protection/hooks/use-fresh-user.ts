// Re-reads the user document once when a page opens, so what it shows about limits,
// purchase allowance and region is current (those change with time and place, not only
// with the player's own actions). Returns `ready` once the copy arrived (or could not be
// had: the session's copy stands) and a `version` that grows with each fresh copy.
import { useEffect, useRef, useState } from "react";
import { useAuth } from "../../../session/auth-provider";
import { fetchMe } from "../api/protection-api";

export function useFreshUser(): { ready: boolean; version: number } {
  const { api, updateUser, status } = useAuth();
  const update = useRef(updateUser);
  update.current = updateUser;
  const [version, setVersion] = useState(0);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (status !== "signed-in") return;
    let live = true;
    fetchMe(api)
      .then((doc) => {
        if (!live) return;
        update.current(doc);
        setVersion((n) => n + 1);
        setReady(true);
      })
      .catch(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [api, status]);
  return { ready, version };
}
