import { describe, expect, it } from "vitest";
import { cpuPerRequest, parseStat, type CpuSample } from "../../scripts/process-cpu.mjs";

describe("the bench's CPU accounting", () => {
  it("reads a process's group and ticks even when its name holds spaces and parentheses", () => {
    const line = "4872 (workerd (x) y) S 4860 4851 4851 0 -1 4194560 100 0 0 0 1234 56 0 0 20 0 9 0 777 0 0";
    expect(parseStat(line)).toEqual({ pgrp: 4851, ticks: 1290 });
  });

  it("gives each process's milliseconds per request and how busy the runtime's busiest thread was", () => {
    const before: CpuSample = {
      at: 0,
      byRole: { runtime: 100, proxy: 50, wrangler: 10 },
      threads: new Map([
        ["1/1", 80],
        ["1/2", 20],
      ]),
      clientMicros: 1_000_000,
    };
    const after: CpuSample = {
      at: 2000,
      byRole: { runtime: 300, proxy: 110, wrangler: 14 },
      threads: new Map([
        ["1/1", 260],
        ["1/2", 40],
        ["1/3", 5],
      ]),
      clientMicros: 1_500_000,
    };
    // 200 ticks = 2 s of runtime CPU over 1,000 requests; the busiest thread ran 1.8 s of 2 s.
    const cpu = cpuPerRequest(before, after, 1000);
    expect(cpu).not.toBeNull();
    expect(cpu!.runtime).toBeCloseTo(2, 6);
    expect(cpu!.proxy).toBeCloseTo(0.6, 6);
    expect(cpu!.wrangler).toBeCloseTo(0.04, 6);
    expect(cpu!.client).toBeCloseTo(0.5, 6);
    expect(cpu!.busiestThreadShare).toBeCloseTo(0.9, 6);
  });

  it("says nothing where /proc could not be read", () => {
    expect(cpuPerRequest(null, null, 100)).toBeNull();
  });
});
