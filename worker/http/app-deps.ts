// What the Worker's routes take from the outside world besides the request and env: the
// clock and a way to wait (the live-bet delay). Production uses the real ones; tests pass
// a fake clock and sleep so a 5-second delay costs no real time. (Routes that read the
// odds also take a feed and a way to find a sport's price desk, OddsDeps in
// worker/odds/odds-service.ts.)

export type AppDeps = {
  now(): number;
  sleep(ms: number): Promise<void>;
};

export const realDeps: AppDeps = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
