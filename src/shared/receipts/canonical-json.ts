// RFC 8785 JSON Canonicalization Scheme (JCS): the one byte form a receipt's record is
// signed and hashed in, so the Worker and any verifier (the /verify page, a script) agree
// on the bytes whatever order or spacing the JSON they hold was written in. Members are
// sorted by their names' UTF-16 code units, there is no whitespace, strings and numbers
// are written as ECMAScript's JSON.stringify writes them (RFC 8785 §3.2.2), and what JSON
// cannot hold (NaN, Infinity, lone surrogates, functions) is refused rather than altered.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export class CanonicalJsonError extends Error {}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function canonicalString(text: string): string {
  if (LONE_SURROGATE.test(text)) throw new CanonicalJsonError("A string holds a lone surrogate.");
  return JSON.stringify(text);
}

/** The canonical text of `value`; object members whose value is undefined are left out, as JSON.stringify leaves them. */
export function canonicalJson(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) throw new CanonicalJsonError("A number is not finite.");
      // ECMAScript's Number-to-String is JCS's number form (-0 is written 0).
      return JSON.stringify(value);
    case "string":
      return canonicalString(value);
    case "object": {
      if (Array.isArray(value)) {
        return `[${value
          .map((item: unknown) => {
            if (item === undefined) throw new CanonicalJsonError("An array holds undefined.");
            return canonicalJson(item);
          })
          .join(",")}]`;
      }
      const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
      // Default sort compares UTF-16 code units, which is the order RFC 8785 §3.2.3 asks for.
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([key, item]) => `${canonicalString(key)}:${canonicalJson(item)}`).join(",")}}`;
    }
    default:
      throw new CanonicalJsonError(`A ${typeof value} has no JSON form.`);
  }
}

/** The canonical form's UTF-8 bytes: what is signed and hashed. */
export function canonicalBytes(value: unknown): Uint8Array<ArrayBuffer> {
  return new Uint8Array(new TextEncoder().encode(canonicalJson(value)));
}
