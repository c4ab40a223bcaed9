import 'reflect-metadata';
import { startTestApp } from '../test/support/test-app';
import { ContentWriter } from '../libs/content/src/application/content-writer';
import { RevisionStore } from '../libs/content/src/application/storage/revision-store';
import { ProjectionEngine } from '../libs/platform/src';
import { ContentAccess } from '../libs/content/src/application/content-access';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function main() {
  const t = await startTestApp({ config: { rateLimitEnabled: false, logLevel: 'silent', shedEventLoopDelayMs: 1e9, shedMaxInFlight: 1e9, consistencyTimeoutMs: 60_000 } as any });
  const timings = new Map<string, number[]>();
  let phase = '';
  const wrap = (obj: any, name: string, label: string) => {
    const orig = obj[name].bind(obj);
    obj[name] = async (...a: any[]) => { const t0 = performance.now(); try { return await orig(...a); } finally { const k = `${phase}:${label}`; if (phase) { if (!timings.has(k)) timings.set(k, []); timings.get(k)!.push(performance.now() - t0); } } };
  };
  const w = t.app.get(ContentWriter), rs = t.app.get(RevisionStore), eng = t.app.get(ProjectionEngine), acc = t.app.get(ContentAccess);
  wrap(w, 'changeRequest', 'loadCR'); wrap(rs, 'structure', 'structure'); wrap(rs, 'commit', 'commit'); wrap(w, 'handle', 'append'); wrap(eng, 'settle', 'settle'); wrap(acc, 'space', 'access'); wrap(rs.objects, 'put', 'objects.put');
  try {
    const { organizationId: org, token } = await t.bootstrap('Bench');
    const call = async (method: string, url: string, body?: unknown): Promise<any> => {
      const res = await fetch(`${t.baseUrl}/v1${url}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      const json = res.status === 204 ? null : await res.json();
      if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    let n = 0;
    const page = () => ({ operation: 'insert_page', title: `P${n++}`, document: { markdown: 'Body.' } });
    const changeRequest = async () => {
      const space = (await call('POST', `/orgs/${org}/spaces`, { title: 'S' })).id;
      const cr = (await call('POST', `/spaces/${space}/change-requests`, { subject: 'bench', status: 'open' })).id;
      return (changes: unknown[]) => call('POST', `/spaces/${space}/change-requests/${cr}/content?compat=false`, { changes });
    };
    const large = await changeRequest();
    const PAGES = Number(process.env.PAGES ?? 5000);
    for (let k = 0; k < PAGES; k += 50) await large(Array.from({ length: Math.min(50, PAGES - k) }, () => page()));
    for (let i = 0; i < 30; i++) { const e = await changeRequest(); await e([page()]); await large([page()]); }
    for (let i = 0; i < Number(process.env.ROUNDS ?? 100); i++) {
      const e = await changeRequest();
      phase = 'empty'; let t0 = performance.now(); await e([page()]); (timings.get('empty:total') ?? timings.set('empty:total', []).get('empty:total')!).push(performance.now() - t0);
      phase = 'full'; t0 = performance.now(); await large([page()]); (timings.get('full:total') ?? timings.set('full:total', []).get('full:total')!).push(performance.now() - t0);
      phase = '';
    }
    const labels = [...new Set([...timings.keys()].map((k) => k.split(':')[1]))];
    for (const l of labels) console.log(l.padEnd(10), 'empty', median(timings.get(`empty:${l}`) ?? [0]).toFixed(3), 'full', median(timings.get(`full:${l}`) ?? [0]).toFixed(3));
  } finally { await t.close(); }
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
