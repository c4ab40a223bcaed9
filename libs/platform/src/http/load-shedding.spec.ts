import { EventEmitter } from 'events';
import type { IncomingMessage, ServerResponse } from 'http';
import { LoadShedder } from './load-shedding';

/** Just enough of a Node request and response for the middleware. */
class FakeRes extends EventEmitter {
  statusCode = 200;
  headers: Record<string, string> = {};
  body: string | undefined;
  destroyed = false;
  setHeader(k: string, v: unknown) {
    this.headers[k.toLowerCase()] = String(v);
  }
  end(body?: string) {
    this.body = body;
    setImmediate(() => this.emit('close'));
  }
  /** What a handler does when it answers. */
  answer() {
    this.end('{}');
  }
}
const req = (method: string, url: string, socket = { destroyed: false }) => ({ method, url, socket }) as unknown as IncomingMessage;
const tick = () => new Promise<void>((r) => setImmediate(r));
const until = async (cond: () => boolean) => {
  for (const deadline = Date.now() + 2000; !cond() && Date.now() < deadline;) await tick();
  expect(cond()).toBe(true);
};

function setup(opts: { delay?: number; maxInFlight?: number; maxWaitMs?: number; holdMs?: number; sliceMs?: number } = {}) {
  const clock = { now: 1000, delay: opts.delay ?? 0 };
  const shedder = new LoadShedder(
    { shedEventLoopDelayMs: 200, shedMaxInFlight: opts.maxInFlight ?? 256, shedQueueWaitMs: opts.maxWaitMs ?? 1000 },
    { delay: { delayMs: () => clock.delay }, now: () => clock.now, holdMs: opts.holdMs ?? 0, sliceMs: opts.sliceMs },
  );
  const started: string[] = [];
  const send = (url: string, method = 'GET', onStart?: () => void, socket?: { destroyed: boolean }) => {
    const res = new FakeRes();
    shedder.middleware(req(method, url, socket), res as unknown as ServerResponse, () => {
      started.push(url);
      onStart?.();
    });
    return res;
  };
  return { clock, shedder, started, send };
}

const expectShed = (res: FakeRes, message: RegExp) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.body!);
  expect(body).toEqual({ error: { code: 503, message: expect.stringMatching(message) } });
};

describe('LoadShedder', () => {
  it('passes requests on when the loop is on time and few are in flight', async () => {
    const { send, started } = setup();
    const a = send('/v1/spaces/a');
    const b = send('/v1/spaces/b', 'PATCH');
    await until(() => started.length === 2);
    expect(started).toEqual(['/v1/spaces/a', '/v1/spaces/b']);
    expect(a.body).toBeUndefined();
    expect(b.statusCode).toBe(200);
  });

  it('answers 503 + Retry-After with the error body when the event loop is delayed, before anything else runs', async () => {
    const { send, started, clock } = setup({ delay: 250 });
    const res = send('/v1/spaces/a');
    await until(() => res.body !== undefined);
    expectShed(res, /event loop delayed 250 ms/);
    expect(started).toEqual([]);
    clock.delay = 150;
    send('/v1/spaces/b');
    await until(() => started.length === 1);
  });

  it('never sheds reads of the health endpoints', async () => {
    const { send, started } = setup({ delay: 10_000, maxInFlight: 0 });
    send('/health/live');
    send('/health/ready?verbose=1', 'HEAD');
    const write = send('/health/live', 'POST');
    expect(started).toEqual(['/health/live', '/health/ready?verbose=1']);
    await until(() => write.body !== undefined);
    expect(write.statusCode).toBe(503);
  });

  it('sheds past shedMaxInFlight requests queued or running, and admits again once they finish', async () => {
    const { send, started, shedder } = setup({ maxInFlight: 2 });
    const a = send('/a');
    send('/b');
    const c = send('/c');
    await until(() => started.length === 2 && c.body !== undefined);
    expectShed(c, /2 requests in flight/);
    expect(shedder.inFlight()).toBe(2);
    a.answer();
    await until(() => shedder.inFlight() === 1);
    send('/d');
    await until(() => started.length === 3);
    expect(started).toEqual(['/a', '/b', '/d']);
  });

  it('stops counting a detached long-lived response (an event stream) as in flight, once, even when it ends', async () => {
    const { send, started, shedder } = setup({ maxInFlight: 2 });
    const stream = send('/v1/orgs/o/events');
    send('/b');
    await until(() => started.length === 2);
    shedder.detach(stream as unknown as ServerResponse);
    shedder.detach(stream as unknown as ServerResponse);
    expect(shedder.inFlight()).toBe(1);
    send('/c');
    await until(() => started.length === 3);
    stream.answer();
    await tick();
    await tick();
    expect(shedder.inFlight()).toBe(2);
  });

  it('queues no more than the server starts within shedQueueWaitMs at its recent rate (at least 16)', async () => {
    const { send, started, clock, shedder } = setup({ maxWaitMs: 200, maxInFlight: 1000 });
    const first = Array.from({ length: 17 }, (_, i) => send(`/burst-${i}`));
    await until(() => first[16].body !== undefined);
    expectShed(first[16], /16 requests waiting/);
    await until(() => started.length === 16);
    // 16 started every 40 ms is 400 per second: a 200 ms wait then holds 80 of them.
    for (let i = 0; i < 12; i++) {
      for (let j = 0; j < 16; j++) send(`/steady-${i}-${j}`);
      clock.now += 40;
      await until(() => started.length === 16 * (i + 2));
    }
    expect(shedder.stats().startsPerSecond).toBeGreaterThanOrEqual(350);
    const burst = Array.from({ length: 70 }, (_, i) => send(`/second-burst-${i}`));
    await until(() => started.length === 16 * 13 + 70);
    expect(burst.every((r) => r.body === undefined)).toBe(true);
  });

  it('sheds a request that waited in the queue longer than shedQueueWaitMs', async () => {
    const { send, started, clock } = setup({ maxWaitMs: 200 });
    const res = send('/slow-to-start');
    clock.now += 201;
    await until(() => res.body !== undefined);
    expectShed(res, /waited 201 ms/);
    expect(started).toEqual([]);
  });

  it('serves the newest first once the oldest has waited half the limit (adaptive LIFO)', async () => {
    const { send, started, clock } = setup({ maxWaitMs: 200 });
    for (const p of ['/1', '/2', '/3']) send(p);
    clock.now += 150;
    await until(() => started.length === 3);
    expect(started).toEqual(['/3', '/2', '/1']);
    for (const p of ['/4', '/5']) send(p);
    clock.now += 50;
    await until(() => started.length === 5);
    expect(started.slice(3)).toEqual(['/4', '/5']);
  });

  it('works the queue in slices so the event loop keeps turning', async () => {
    // Each request takes 10 ms of (fake) time; the slice is 5 ms: one request per loop turn.
    const { send, started, clock } = setup({ sliceMs: 5, maxWaitMs: 10_000 });
    for (const p of ['/1', '/2', '/3'])
      send(p, 'GET', () => {
        clock.now += 10;
      });
    await tick();
    expect(started).toEqual(['/1']);
    await tick();
    expect(started).toEqual(['/1', '/2']);
    await until(() => started.length === 3);
  });

  it('skips requests whose client went away while they were queued', async () => {
    const { send, started, shedder } = setup();
    const socket = { destroyed: false };
    send('/gone', 'GET', undefined, socket);
    socket.destroyed = true;
    send('/here');
    await until(() => started.length === 1);
    expect(started).toEqual(['/here']);
    expect(shedder.inFlight()).toBe(1);
  });

  it('holds a refusal until holdMs after its request arrived, so clients retrying at once do not keep the loop busy', async () => {
    const { send, clock } = setup({ delay: 500, holdMs: 30 });
    const res = send('/x');
    await tick();
    expect(res.body).toBeUndefined();
    clock.now += 30;
    await until(() => res.body !== undefined);
    expectShed(res, /overloaded/);
  });

  it('holds a request that expired in the queue only for what is left of holdMs', async () => {
    const { send, clock } = setup({ maxWaitMs: 200, holdMs: 250 });
    const res = send('/expired');
    clock.now += 240;
    await tick();
    expect(res.body).toBeUndefined();
    clock.now += 10;
    await until(() => res.body !== undefined);
    expectShed(res, /waited 240 ms/);
  });

  it('at shutdown refuses new requests with Connection: close and resolves idle() once in-flight ones end', async () => {
    const { send, started, shedder } = setup();
    const a = send('/in-flight');
    await until(() => started.length === 1);
    shedder.beginShutdown();
    const late = send('/late');
    await until(() => late.body !== undefined);
    expectShed(late, /shutting down/);
    expect(late.headers.connection).toBe('close');
    let idle = false;
    const done = shedder.idle().then(() => {
      idle = true;
    });
    await tick();
    expect(idle).toBe(false);
    a.answer();
    await done;
    expect(shedder.inFlight()).toBe(0);
    expect(shedder.stats()).toMatchObject({ inFlight: 0, shed: 1, shuttingDown: true });
  });
});
