// Look-alike detection by UTS #39 skeletons (https://www.unicode.org/reports/tr39/#Confusable_Detection):
// two strings are confusable when their skeletons are equal, and skeleton(s) is
// NFD(s), each code point replaced by its prototype from confusables.txt, then NFD again.
//
// Only the rows of confusables.txt (Unicode Security Mechanisms for UTS #39, version
// 17.0.0) whose source can appear in a handle are kept here: handles hold only a-z, 0-9
// and _ (src/shared/handles.ts), and among those and the capital letters these are
// the only sources in the file (it also maps ` " | % to other ASCII, which no handle
// can hold). Every other character is its own prototype. Note what the file does not
// say: "vv" is not mapped to w, nor "cl" to d, nor q to g; a pair the file does not
// list is not a look-alike here either.
//
//   0030 ; 004F ; MA  # ( 0 → O ) DIGIT ZERO → LATIN CAPITAL LETTER O
//   0031 ; 006C ; MA  # ( 1 → l ) DIGIT ONE → LATIN SMALL LETTER L
//   0049 ; 006C ; MA  # ( I → l ) LATIN CAPITAL LETTER I → LATIN SMALL LETTER L
//   006D ; 0072 006E ; MA  # ( m → rn ) LATIN SMALL LETTER M → LATIN SMALL LETTER R, LATIN SMALL LETTER N
//
// A prototype is never itself a source, so one pass is enough (skeleton(skeleton(s)) = skeleton(s)).

/** Source code point → prototype, from confusables.txt (see the header for which rows). */
export const CONFUSABLE_PROTOTYPES: ReadonlyMap<string, string> = new Map([
  ["0", "O"],
  ["1", "l"],
  ["I", "l"],
  ["m", "rn"],
]);

/** The UTS #39 skeleton of `text` over the rows above: equal skeletons mean the strings look alike. */
export function skeleton(text: string): string {
  let mapped = "";
  for (const ch of text.normalize("NFD")) mapped += CONFUSABLE_PROTOTYPES.get(ch) ?? ch;
  return mapped.normalize("NFD");
}
