// The product's name as the header, sign-in card and document title show it. Vite
// writes it into index.html's <title> at build time (vite.config.ts), and each route
// adds its own page name in front ("My Picks · Vantage").
export const PRODUCT_TITLE = "Vantage";

/** The document title of a page: "My Picks · Vantage", or the product alone. */
export function pageTitle(page?: string | null): string {
  return page ? `${page} · ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}
