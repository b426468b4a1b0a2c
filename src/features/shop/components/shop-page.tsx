// Placeholder: The coin shop (issue #6) builds this.
export function ShopPage() {
  return null;
}
