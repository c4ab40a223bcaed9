import * as http from 'http';
import { parentPort, workerData } from 'worker_threads';
import type { OverloadResult, OverloadSpec } from './overload';

/**
 * Worker-thread side of the overload run (see overload.ts): one keep-alive TCP connection per
 * loop (an Agent with maxSockets 1 each), every loop sending its next request as soon as the
 * previous one is answered, for a fixed time. A 503 is retried at once (a worst-case client
 * that ignores Retry-After), so the pressure never lets up.
 */
const spec = workerData as OverloadSpec;

const result: OverloadResult = {
  connections: spec.loops.length,
  requests: 0,
  answered: 0,
  ok: 0,
  shed: 0,
  shedMalformed: 0,
  timeouts: 0,
  noAnswer: 0,
  otherStatus: {},
  errors: {},
  latenciesMs: [],
  byMethod: {},
  firstProblem: null,
  connects: [],
  shedWhy: {},
};

function request(agent: http.Agent, method: string, path: string, body: string | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    const t0 = performance.now();
    const stats = (result.byMethod[method] ??= { requests: 0, answered: 0, shed: 0, timeouts: 0, latenciesMs: [] });
    result.requests++;
    stats.requests++;
    let settled = false;
    let connectMs = -1;
    const finish = (status: number, headers: http.IncomingHttpHeaders, text: string, error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(hard);
      const latency = performance.now() - t0;
      if (status === 0) {
        result.noAnswer++;
        result.timeouts++;
        stats.timeouts++;
        result.errors[error ?? 'unknown'] = (result.errors[error ?? 'unknown'] ?? 0) + 1;
        result.firstProblem ??= `${method} ${path}: no answer (${error})`;
        return resolve();
      }
      result.answered++;
      stats.answered++;
      result.latenciesMs.push(latency);
      stats.latenciesMs.push(latency);
      if (latency > spec.slowMs) {
        result.timeouts++;
        stats.timeouts++;
        result.firstProblem ??= `${method} ${path}: answered ${status} after ${Math.round(latency)} ms${connectMs >= 0 ? ` (TCP connect took ${Math.round(connectMs)} ms)` : ' (on a kept-alive connection)'}`;
      }
      if (status >= 200 && status < 300) result.ok++;
      else if (status === 503) {
        result.shed++;
        stats.shed++;
        // The contract of a shed answer: Retry-After and the reference error body.
        let code: unknown;
        let message = '';
        try {
          ({ code, message } = JSON.parse(text)?.error ?? {});
        } catch {
          code = undefined;
        }
        // Why, in a few words: "event loop delayed", "requests in flight", "catching up"...
        const why = String(message).replace(/\d+/g, 'N').replace(/;.*$/, '').trim() || 'no message';
        result.shedWhy[why] = (result.shedWhy[why] ?? 0) + 1;
        if (!headers['retry-after'] || code !== 503) {
          result.shedMalformed++;
          result.firstProblem ??= `${method} ${path}: 503 without Retry-After or error body: ${text.slice(0, 200)}`;
        }
      } else {
        result.otherStatus[status] = (result.otherStatus[status] ?? 0) + 1;
        result.firstProblem ??= `${method} ${path}: ${status} ${text.slice(0, 200)}`;
      }
      resolve();
    };
    const headers: http.OutgoingHttpHeaders = { ...spec.headers };
    if (body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    const req = http.request(spec.baseUrl + path, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => finish(res.statusCode ?? 0, res.headers, Buffer.concat(chunks).toString('utf8')));
      res.on('error', (e) => finish(0, {}, '', (e as NodeJS.ErrnoException).code ?? e.message));
    });
    // Past the hard bound the request counts as unanswered; the socket is dropped.
    const hard = setTimeout(() => {
      req.destroy(new Error('hard timeout'));
      finish(0, {}, '', `no answer within ${spec.hardTimeoutMs} ms`);
    }, spec.hardTimeoutMs);
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      socket.once('connect', () => {
        connectMs = performance.now() - t0;
        result.connects.push(connectMs);
      });
    });
    req.on('error', (e) => finish(0, {}, '', (e as NodeJS.ErrnoException).code ?? e.message));
    req.end(body);
  });
}

async function main() {
  let sequence = 0;
  const deadline = performance.now() + spec.durationMs;
  const agents: http.Agent[] = [];
  await Promise.all(
    spec.loops.map(async (loop) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      while (performance.now() < deadline) {
        const body = loop.method === 'PATCH' ? JSON.stringify({ title: `Overload ${++sequence}` }) : undefined;
        await request(agent, loop.method, loop.path, body);
      }
    }),
  );
  for (const a of agents) a.destroy();
  parentPort!.postMessage({ kind: 'done', result });
}

main().catch((e) => parentPort!.postMessage({ kind: 'error', message: String(e?.stack ?? e) }));
