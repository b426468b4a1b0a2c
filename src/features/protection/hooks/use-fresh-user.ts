// Re-reads the user document once when a page opens, so what it shows about limits,
// purchase allowance and region is current (those change with time and place, not only
// with the player's own actions). Returns a counter that grows with each fresh copy.
import { useEffect, useRef, useState } from "react";
import { useAuth } from "../../auth/auth-provider";
import { fetchMe } from "../api/protection-api";

export function useFreshUser(): number {
  const { api, updateUser, status } = useAuth();
  const update = useRef(updateUser);
  update.current = updateUser;
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (status !== "signed-in") return;
    let live = true;
    fetchMe(api)
      .then((doc) => {
        if (!live) return;
        update.current(doc);
        setVersion((n) => n + 1);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, status]);
  return version;
}
