// The contract check shared by the contract tests: a Worker answer must match its shared
// schema exactly. Parsing catches a missing or mistyped field; comparing the parsed value
// with the answer catches an extra one (the schemas are not strict, so parsing drops it).
import { expect } from "vitest";
import type { z } from "zod";

export function expectConforms<S extends z.ZodType>(schema: S, body: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(body);
  expect(parsed.success ? [] : parsed.error.issues, `${what}: fields the schema wants`).toEqual([]);
  if (!parsed.success) throw parsed.error;
  expect(parsed.data, `${what}: fields the schema does not name`).toEqual(body);
  return parsed.data;
}

/** Reads a response's JSON after checking its status, then checks it against `schema`. */
export async function expectAnswer<S extends z.ZodType>(res: Response, status: number, schema: S, what: string): Promise<z.infer<S>> {
  const body: unknown = await res.json();
  expect(res.status, `${what}: ${JSON.stringify(body)}`).toBe(status);
  return expectConforms(schema, body, what);
}
