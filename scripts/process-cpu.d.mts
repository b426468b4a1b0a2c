// Types for process-cpu.mjs (used by the bench and the unit tests).
export type CpuSample = {
  at: number;
  byRole: { runtime: number; proxy: number; wrangler: number };
  threads: Map<string, number>;
  clientMicros: number;
};
export type CpuPerRequest = {
  runtime: number;
  proxy: number;
  wrangler: number;
  client: number;
  busiestThreadShare: number;
};
export function parseStat(text: string): { pgrp: number; ticks: number };
export function sampleCpu(groupId: number): CpuSample | null;
export function cpuPerRequest(before: CpuSample | null, after: CpuSample | null, requests: number): CpuPerRequest | null;
