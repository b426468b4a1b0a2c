// Where a benchmark scenario's CPU goes, per request, on this machine: read from /proc for
// the app server's process group (the local runtime that runs the Worker with its Durable
// Objects, D1 and KV; wrangler's dev proxy, a second runtime every request crosses first;
// wrangler itself) and for the bench's own process, the client. A throughput ratio to the
// floor says how much slower a path is; this says which process pays for it, and whether
// the runtime's busiest thread was the limit (one thread runs every isolate of the local
// runtime, so a path whose work there nears one core cannot go faster however many cores
// are idle). Linux only: elsewhere `sampleCpu` answers null and the bench prints nothing.
import { existsSync, readdirSync, readFileSync } from "node:fs";

/** The kernel's clock ticks per second for /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A /proc stat line's process group and CPU ticks (user + system). */
export function parseStat(text) {
  // The command name may hold spaces and parentheses: the fields start after the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { pgrp: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
}

function statOf(path) {
  try {
    return parseStat(readFileSync(path, "utf8"));
  } catch {
    return null; // the process or thread ended meanwhile
  }
}

function roleOf(pid) {
  let cmdline = "";
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return null;
  }
  if (cmdline.includes("workerd")) return cmdline.includes("--inspector-addr") ? "runtime" : "proxy";
  return "wrangler";
}

/**
 * CPU ticks so far of every process in `groupId` by role, of the runtime's busiest thread,
 * and of this process; null where /proc cannot be read.
 */
export function sampleCpu(groupId) {
  if (!existsSync("/proc/self/stat")) return null;
  const byRole = { runtime: 0, proxy: 0, wrangler: 0 };
  const threads = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = statOf(`/proc/${name}/stat`);
    if (!stat || stat.pgrp !== groupId) continue;
    const role = roleOf(name);
    if (!role) continue;
    byRole[role] += stat.ticks;
    if (role !== "runtime") continue;
    for (const tid of readdirSync(`/proc/${name}/task`)) {
      const thread = statOf(`/proc/${name}/task/${tid}/stat`);
      if (thread) threads.set(`${name}/${tid}`, thread.ticks);
    }
  }
  const usage = process.cpuUsage();
  return { at: performance.now(), byRole, threads, clientMicros: usage.user + usage.system };
}

/**
 * Between two samples over `requests` requests: CPU per request in milliseconds by role
 * and for the client, and the share of the wall time the runtime's busiest thread ran.
 */
export function cpuPerRequest(before, after, requests) {
  if (!before || !after || requests <= 0) return null;
  const ms = (ticks) => (ticks * 1000) / TICKS_PER_SECOND / requests;
  const seconds = (after.at - before.at) / 1000;
  let busiest = 0;
  for (const [id, ticks] of after.threads) busiest = Math.max(busiest, ticks - (before.threads.get(id) ?? 0));
  return {
    runtime: ms(after.byRole.runtime - before.byRole.runtime),
    proxy: ms(after.byRole.proxy - before.byRole.proxy),
    wrangler: ms(after.byRole.wrangler - before.byRole.wrangler),
    client: (after.clientMicros - before.clientMicros) / 1000 / requests,
    busiestThreadShare: seconds > 0 ? busiest / TICKS_PER_SECOND / seconds : 0,
  };
}
