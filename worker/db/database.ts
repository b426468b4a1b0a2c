// One way to get a typed Drizzle handle on D1, created per request from the binding.
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export function getDb(env: Env) {
  return drizzle(env.DB, { schema });
}
export type Db = ReturnType<typeof getDb>;
