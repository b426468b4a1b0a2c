// Keeps the browser tab's title on the page the player is looking at: the deepest
// route's `handle.title` in front of the product title ("My Picks · Vantage"), the
// product title alone on the board and the sign-in screen. Public pages also set the
// page's meta description from `handle.description` (index.html's own on the others).
import { useEffect } from "react";
import { useMatches } from "react-router";
import { pageTitle } from "../../lib/brand";

export type RouteHandle = { title?: string; description?: string };

export function DocumentTitle() {
  const matches = useMatches();
  const handles = matches.map((m) => m.handle as RouteHandle | undefined);
  const title = handles
    .map((h) => h?.title)
    .filter(Boolean)
    .at(-1);
  const description = handles
    .map((h) => h?.description)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const original = meta.content;
    if (description) meta.content = description;
    return () => {
      meta.content = original;
    };
  }, [description]);
  return null;
}
