// The product's name as the header, sign-in card and document title show it.
export const PRODUCT_TITLE = "Vantage";
