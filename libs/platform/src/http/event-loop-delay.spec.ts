import { EventLoopDelayMonitor } from './event-loop-delay';

describe('EventLoopDelayMonitor', () => {
  const block = (ms: number) => {
    for (const until = Date.now() + ms; Date.now() < until;) {
      /* stall */
    }
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('reports a stall right after it and forgets it within two windows', async () => {
    const monitor = new EventLoopDelayMonitor(10, 100);
    try {
      await sleep(30);
      block(150);
      await sleep(15);
      expect(monitor.delayMs()).toBeGreaterThanOrEqual(120);
      await sleep(400);
      expect(monitor.delayMs()).toBeLessThan(120);
    } finally {
      monitor.close();
    }
  });

  it('keeps reporting while the loop stalls again and again for longer than a window', async () => {
    const monitor = new EventLoopDelayMonitor(10, 100);
    const stalls = setInterval(() => block(250), 1);
    const seen: number[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        await sleep(5);
        seen.push(monitor.delayMs());
      }
    } finally {
      clearInterval(stalls);
      monitor.close();
    }
    expect(Math.min(...seen.slice(1))).toBeGreaterThanOrEqual(200);
  });

  it('counts a stall still in progress', () => {
    const monitor = new EventLoopDelayMonitor(10, 100);
    try {
      block(80);
      expect(monitor.delayMs()).toBeGreaterThanOrEqual(60);
    } finally {
      monitor.close();
    }
  });
});
