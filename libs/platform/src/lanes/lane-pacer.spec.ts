import { PlatformConfig } from '../config/platform-config';
import { TurnQueue } from '../projections/turn-queue';
import { LANE_LOAD_EVERY_MS, LanePacer, PacerClocks } from './lane-pacer';

/**
 * A lane's work yields to the API's: while the API is busy, the lane's event loop keeps to
 * LANE_BUSY_SHARE of the time, all its active time counted; otherwise it runs at will.
 */
describe('LanePacer', () => {
  /** A manual clock: `work(ms)` is active time of the lane's loop, `sleep` lets time pass idle. */
  class Clocks implements PacerClocks {
    t = 0;
    busy = 0;
    slept: number[] = [];
    now = () => this.t;
    active = () => this.busy;
    /** What happens while the lane sleeps (the API's parent tells it again, say). */
    meanwhile = () => undefined as void;
    sleep = async (ms: number) => {
      this.slept.push(ms);
      this.t += ms;
      this.meanwhile();
    };
    work(ms: number) {
      this.t += ms;
      this.busy += ms;
    }
  }
  const pacerWith = (share = 0.1) => {
    const clocks = new Clocks();
    const config = Object.assign(new PlatformConfig(), { laneBusyShare: share });
    return { clocks, pacer: new LanePacer(config, clocks) };
  };

  it('given an API that is not busy, when the lane works flat out, then it never waits', async () => {
    const { clocks, pacer } = pacerWith();
    pacer.told(0.5);
    for (let i = 0; i < 50; i++) {
      await pacer.gate();
      clocks.work(20);
    }
    expect(clocks.slept).toEqual([]);
  });

  it('given a busy API, when the lane works flat out, then its active time keeps to its share of the time', async () => {
    const { clocks, pacer } = pacerWith(0.1);
    for (let i = 0; i < 200; i++) {
      // The API's parent tells the lane every LANE_LOAD_EVERY_MS that it is busy.
      pacer.told(0.95);
      await pacer.gate();
      clocks.work(5);
    }
    // 200 turns of 5 ms: 1,000 ms of work at 10% take about 10 s (the first window's worth at once).
    expect(clocks.t).toBeGreaterThanOrEqual(9_800);
    expect(clocks.busy / clocks.t).toBeLessThanOrEqual(0.1 + 0.01);
    expect(pacer.waits).toBeGreaterThan(0);
  });

  it('given a busy API, when work between turns (replies, say) used the budget, then the next turn waits for it', async () => {
    const { clocks, pacer } = pacerWith(0.1);
    pacer.told(1);
    clocks.meanwhile = () => pacer.told(1);
    await pacer.gate();
    clocks.work(50); // not a turn of its own: the loop's active time counts all the same
    const before = clocks.t;
    await pacer.gate();
    // 50 ms of work, less the 10 ms of credit and the 5 ms it earned meanwhile: 35 ms of debt
    // at 10% take 350 ms to earn back.
    expect(clocks.t - before).toBe(350);
    // In sleeps of at most one period, so news that the API is no longer busy is heard soon.
    expect(Math.max(...clocks.slept)).toBeLessThanOrEqual(LANE_LOAD_EVERY_MS);
  });

  it('given a lane deep in debt, when the API stops being busy, then the lane goes on within a period', async () => {
    const { clocks, pacer } = pacerWith(0.05);
    pacer.told(1);
    await pacer.gate();
    clocks.work(500); // 500 ms of debt at 5 %: ten seconds to earn back while the API stays busy
    pacer.told(1);
    let slept = 0;
    clocks.meanwhile = () => {
      slept++;
      if (slept === 2) pacer.told(0.2);
    };
    const before = clocks.t;
    await pacer.gate();
    expect(clocks.t - before).toBe(2 * LANE_LOAD_EVERY_MS);
  });

  it('given the API was busy but has not said so for a while (its parent gone, say), when the lane works, then it no longer waits', async () => {
    const { clocks, pacer } = pacerWith(0.1);
    pacer.told(1);
    clocks.t += 4 * LANE_LOAD_EVERY_MS;
    clocks.work(200);
    await pacer.gate();
    expect(clocks.slept).toEqual([]);
  });

  it('given LANE_BUSY_SHARE=1, when the API is busy, then the lane never waits', async () => {
    const { clocks, pacer } = pacerWith(1);
    pacer.told(1);
    for (let i = 0; i < 20; i++) {
      await pacer.gate();
      clocks.work(100);
    }
    expect(clocks.slept).toEqual([]);
  });

  it('given a turn queue paced by it, when a runner takes a turn or breathes within one, then each waits at the gate', async () => {
    const turns = new TurnQueue(0);
    const gates: string[] = [];
    turns.pacedBy(async () => void gates.push('gate'));
    await turns.acquire('dispatcher');
    await turns.breathe();
    turns.release();
    expect(gates).toEqual(['gate', 'gate']);
  });
});
