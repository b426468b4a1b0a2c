// One way to get a typed Drizzle handle on D1. Building one walks the whole schema's
// relations, so each D1 binding keeps its handle (per binding object, for its lifetime)
// instead of building one per request; the handle holds no request state.
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

const handles = new WeakMap<D1Database, ReturnType<typeof drizzle<typeof schema>>>();

export function getDb(env: Env) {
  const known = handles.get(env.DB);
  if (known) return known;
  const db = drizzle(env.DB, { schema });
  handles.set(env.DB, db);
  return db;
}
export type Db = ReturnType<typeof getDb>;
