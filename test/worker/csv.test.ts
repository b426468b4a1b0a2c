// The CSV files operators and players download open safely in a spreadsheet: text that would
// run as a formula is written as text, numbers (negative ones too) stay numbers, and cells
// with commas, quotes or line breaks are quoted.
import { describe, expect, it } from "vitest";
import { csvCell, csvLines } from "../../worker/http/csv";

describe("a CSV cell", () => {
  it("writes a name a feed or an operator typed as a formula as text", () => {
    expect(csvCell('=HYPERLINK("https://evil.example","x")')).toBe(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    for (const text of ["+1+1", "@SUM(A1)", "-2+3", "\tcmd", "\rcmd"]) expect(csvCell(text).replace(/^"/, "")).toMatch(/^'/);
  });

  it("keeps numbers as numbers, negative ones and amounts with decimals included", () => {
    expect(csvCell(-250)).toBe("-250");
    expect(csvCell("-12.50")).toBe("-12.50");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes a cell holding a comma, a quote or a line break, and ends each line with CRLF", () => {
    expect(
      csvLines([
        ["id", "note"],
        ["a,b", 'say "hi"'],
        ["c", "two\nlines"],
      ]),
    ).toBe('id,note\r\n"a,b","say ""hi"""\r\nc,"two\nlines"\r\n');
  });
});
