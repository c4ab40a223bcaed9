import 'reflect-metadata';
import { startTestApp } from '/work/main/test/support/test-app';
import * as batch from '/work/main/libs/content/src/domain/content-batch';
import { RevisionStore } from '/work/main/libs/content/src/application/storage/revision-store';
import { ContentWriter } from '/work/main/libs/content/src/application/content-writer';
import { EventSourcing, ProjectionEngine } from '@app/platform';
const acc = new Map<string, number>();
const wrap = (obj: any, name: string, label: string) => { const f = obj[name]; obj[name] = function (...a: any[]) { const t0 = performance.now(); const r = f.apply(this, a); const done = () => acc.set(label, (acc.get(label) ?? 0) + performance.now() - t0); if (r && typeof r.then === 'function') return r.finally(done); done(); return r; }; };
import { UpdateChangeRequestContentHandler } from '/work/main/libs/content/src/application/commands/update-change-request-content';
wrap(UpdateChangeRequestContentHandler.prototype, 'execute', 'handler'); wrap(RevisionStore.prototype, 'commit', 'revisions.commit'); wrap(RevisionStore.prototype, 'structure', 'revisions.structure');
wrap(ContentWriter.prototype, 'changeRequest', 'writer.changeRequest'); wrap(EventSourcing.prototype, 'handle', 'es.handle'); wrap(ProjectionEngine.prototype, 'waitFor', 'engine.waitFor');
(async () => {
  const t = await startTestApp({ config: { rateLimitEnabled: false, logLevel: 'silent', shedEventLoopDelayMs: 1e9, shedMaxInFlight: 1e9 } });
  const { organizationId, token } = await t.bootstrap('Bench');
  const call = async (method: string, url: string, body?: unknown): Promise<any> => {
    const res = await fetch(`${t.baseUrl}/v1${url}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = res.status === 204 ? null : await res.json();
    if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const page = (title: string) => ({ operation: 'insert_page', title, document: { markdown: `${title} body.` } });
  const run = async (n: number, roots: boolean) => {
    const space = (await call('POST', `/orgs/${organizationId}/spaces`, { title: 'Pages' })).id;
    const cr = (await call('POST', `/spaces/${space}/change-requests`, { subject: 'bench', status: 'open' })).id;
    const insert = (changes: unknown[]) => call('POST', `/spaces/${space}/change-requests/${cr}/content?compat=false`, { changes });
    for (let k = 0; k < n; k += 50) await insert(Array.from({ length: 50 }, (_, i) => page(`Filler ${k + i}`)));
    acc.clear(); const N = 100; const t0 = performance.now();
    for (let i = 0; i < N; i++) await insert([page(`late ${i}`)]);
    console.log(`n=${n}: total ${((performance.now() - t0) / N).toFixed(2)} ms;`, [...acc].map(([k, v]) => `${k} ${(v / N).toFixed(2)}`).join(', '));
  };
  await run(0, true); await run(0, true); await run(5000, true); await run(0, true);
  await t.close(); process.exit(0);
})();
