// CSV files operators and players download (RFC 4180). A cell is quoted when it holds a comma,
// quote or line break, and a text cell a spreadsheet would run as a formula (starting =, +, @,
// a tab, a carriage return, or a minus that does not start a number) is prefixed with a quote:
// names, reasons and ids come from feeds and people, and a file opened in a spreadsheet must
// never run what one of them typed.

/** One cell; null and undefined are empty. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Lines of cells, each line ended by CRLF. */
export function csvLines(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}
