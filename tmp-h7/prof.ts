import 'reflect-metadata';
import * as inspector from 'inspector';
import * as fs from 'fs';
import { startTestApp } from '/work/main/test/support/test-app';
(async () => {
  const t = await startTestApp({ config: { rateLimitEnabled: false, logLevel: 'silent', shedEventLoopDelayMs: 1e9, shedMaxInFlight: 1e9 } });
  const { organizationId, token } = await t.bootstrap('Bench');
  const call = async (method: string, url: string, body?: unknown): Promise<any> => {
    const res = await fetch(`${t.baseUrl}/v1${url}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = res.status === 204 ? null : await res.json();
    if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const space = (await call('POST', `/orgs/${organizationId}/spaces`, { title: 'Pages' })).id;
  const cr = (await call('POST', `/spaces/${space}/change-requests`, { subject: 'bench', status: 'open' })).id;
  const insert = (changes: unknown[]) => call('POST', `/spaces/${space}/change-requests/${cr}/content?compat=false`, { changes });
  const page = (title: string) => ({ operation: 'insert_page', title, document: { markdown: `${title} body.` } });
  for (let n = 0; n < Number(process.env.PAGES ?? 5000); n += 50) await insert(Array.from({ length: 50 }, (_, i) => page(`Filler ${n + i}`)));
  const s = new inspector.Session(); s.connect();
  const post = (m: string, p?: any) => new Promise<any>((res, rej) => s.post(m, p, (e, r) => (e ? rej(e) : res(r))));
  await post('Profiler.enable'); await post('Profiler.start');
  const t0 = performance.now();
  for (let i = 0; i < 100; i++) await insert([page(`late ${i}`)]);
  console.log('mean ms', (performance.now() - t0) / 100);
  const { profile } = await post('Profiler.stop');
  fs.writeFileSync('/tmp/h7.cpuprofile', JSON.stringify(profile));
  await t.close(); process.exit(0);
})();
