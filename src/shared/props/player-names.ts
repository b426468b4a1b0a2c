// Who a players' market is about. Books spell one player several ways ("Ja'Marr Chase" and
// "JaMarr Chase", "Wendell Carter Jr." and "Wendell Carter", "Luka Dončić" and "Luka Doncic"),
// and a prop, a bet on it and the box score that grades it must agree on one player. A
// player's id is a slug of the name (below) unless the operator's name map says otherwise.
//
// The slug rule (playerIdOf):
// 1. Lower-case, then fold accents away (NFKD, combining marks dropped; ø æ œ ß đ ð þ ł ı,
//    which do not decompose, become o ae oe ss d d th l i).
// 2. Apostrophes and full stops vanish without splitting a word: "Ja'Marr" → "jamarr",
//    "C.J." → "cj", "D'Andre" → "dandre".
// 3. Any other run of characters that are not letters or digits (spaces, hyphens, commas)
//    separates words: "Karl-Anthony Towns" and "Karl Anthony Towns" agree.
// 4. A last word Jr, Sr, II, III, IV or V is dropped when at least two words precede it
//    ("Trey Murphy III" → "trey-murphy"); a father and son playing in one game need the name map.
// 5. The words joined by "-": "Wendell Carter Jr." → "wendell-carter". A name with no letters or
//    digits has the empty id, which names nobody (the props normaliser skips it).
//
// The name map corrects what the rule cannot ("J. Isaac" for "Jonathan Isaac", a shared name):
// keyed by the feed's spelling, found by that exact spelling first, then by its slug.

/**
 * The operator's corrections: the feed's spelling of a name → the player it means, and the
 * team he plays for (its full name as the feed writes it) when the operator gave one.
 */
export type PlayerNameMap = Readonly<Record<string, { id: string; name: string; team?: string | null }>>;

/** A player as props show them: a stable id and the name shown. */
export type ResolvedPlayer = { id: string; name: string };

/** Letters NFKD leaves whole, as their plain Latin spelling. */
const UNDECOMPOSED_LETTERS: Readonly<Record<string, string>> = {
  ø: "o",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  đ: "d",
  ð: "d",
  þ: "th",
  ł: "l",
  ı: "i",
};

const GENERATIONAL_SUFFIXES: ReadonlySet<string> = new Set(["jr", "sr", "ii", "iii", "iv", "v"]);

/** A player's stable id from a name, by the slug rule of this file's header. */
export function playerIdOf(name: string): string {
  const folded = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[øæœßđðþłı]/g, (letter) => UNDECOMPOSED_LETTERS[letter] ?? letter);
  const words = folded
    .replace(/['’‘ʼ`.]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
  if (words.length >= 3 && GENERATIONAL_SUFFIXES.has(words[words.length - 1]!)) words.pop();
  return words.join("-");
}

/**
 * The player a feed's name means: the name map's entry for that exact spelling, else the
 * first entry whose spelling has the same slug, else the slug and the name as the feed
 * spells it (spaces tidied).
 */
export function resolvePlayer(name: string, nameMap: PlayerNameMap): ResolvedPlayer {
  if (Object.hasOwn(nameMap, name)) return nameMap[name]!;
  const id = playerIdOf(name);
  if (id !== "") {
    for (const [feedName, player] of Object.entries(nameMap)) if (playerIdOf(feedName) === id) return player;
  }
  return { id, name: name.trim().replace(/\s+/g, " ") };
}
