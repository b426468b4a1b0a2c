// Keeps the browser tab's title on the page the player is looking at: the deepest
// route's `handle.title` in front of the product title ("My Picks · Vantage"), the
// product title alone on the board and the sign-in screen.
import { useEffect } from "react";
import { useMatches } from "react-router";
import { pageTitle } from "../../lib/brand";

export type RouteHandle = { title?: string };

export function DocumentTitle() {
  const matches = useMatches();
  const title = matches
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return null;
}
