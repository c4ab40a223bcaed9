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

describe('EventLoopDelayMonitor.forget', () => {
  it('drops a stall that happened before (the start-up), and still sees the ones after', async () => {
    const monitor = new EventLoopDelayMonitor(10, 100);
    await new Promise((r) => setTimeout(r, 30));
    const until = performance.now() + 300;
    while (performance.now() < until) {
      /* a synchronous start-up */
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(monitor.delayMs()).toBeGreaterThan(200);
    monitor.forget();
    expect(monitor.delayMs()).toBeLessThan(50);
    const again = performance.now() + 250;
    while (performance.now() < again) {
      /* load after listening */
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(monitor.delayMs()).toBeGreaterThan(200);
    monitor.close();
  });
});
