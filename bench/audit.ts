import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NewEvent, PlatformConfig, ReadStore, SqliteEventStore, SqliteReadStore, UnitOfWork, upcast, Urls } from '@app/platform';
import { auditLogProjection } from '../libs/audit/src/log/audit-log.projection';
import { AuditLogReader, AuditScope } from '../libs/audit/src/log/audit-log.reader';
import { AuditFilter } from '../libs/audit/src/ports';
import { percentile } from './stats';

/**
 * `npm run bench -- audit`: 1,000,000 events of 10 organizations (spaces created, renamed and
 * granted, change requests opened and merged, members' roles changed, team memberships) appended
 * to the embedded store in batches, the audit-log projection run over all of them into the
 * embedded read store, then pages of one organization's log (about 100,000 events) read the way
 * the list route reads them: the first page, pages deep in the log (following cursors), and
 * pages filtered by action, actor, target and time. Budget (issue 19): a filtered page ≤ 100 ms p99.
 */
const EVENTS = 1_000_000;
const ORGS = 10;
const SPACES_PER_ORG = 1_000;
const USERS = 200;
const BATCH = 5_000;
const PROJECT_BATCH = 10_000;
const SAMPLES = 300;
const LIMIT = 20;
const T0 = Date.parse('2025-03-01T00:00:00.000Z');

const log = (line: string) => process.stderr.write(`[bench:audit] ${line}\n`);

/** A deterministic generator (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const org = (o: number) => `org-${o}`;
const spaceOf = (o: number, s: number) => `space-${o}-${s}`;
const user = (u: number) => `user-${u}`;

/** The i-th event: creations first for each organization's spaces, then a mix of changes. */
function* history(): Generator<{ stream: string; event: NewEvent }> {
  const rnd = random(19);
  let n = 0;
  const meta = (i: number, actor: string | null) => ({
    actor,
    occurredAt: new Date(T0 + i * 30_000).toISOString(),
    correlationId: `c-${i}`,
    causationId: null,
    schemaVersion: 1,
  });
  const ev = (type: string, data: object, actor: string | null = user(Math.floor(rnd() * USERS))): NewEvent => ({
    id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    type,
    data,
    metadata: meta(n, actor),
  });
  for (let u = 0; u < USERS; u++)
    yield { stream: `identity.user-${user(u)}`, event: ev('UserRegistered', { userId: user(u), displayName: `User ${u}` }, null) };
  for (let o = 0; o < ORGS; o++) {
    yield {
      stream: `organizations.organization-${org(o)}`,
      event: ev('OrganizationCreated', { organizationId: org(o), title: `Org ${o}`, createdBy: user(0) }),
    };
    for (let s = 0; s < SPACES_PER_ORG; s++) {
      yield {
        stream: `spaces.space-${spaceOf(o, s)}`,
        event: ev('SpaceCreated', { spaceId: spaceOf(o, s), organizationId: org(o), parent: null, title: `Space ${s}` }),
      };
    }
  }
  let cr = 0;
  while (n < EVENTS) {
    const o = Math.floor(rnd() * ORGS);
    const s = spaceOf(o, Math.floor(rnd() * SPACES_PER_ORG));
    const r = rnd();
    if (r < 0.5) yield { stream: `spaces.space-${s}`, event: ev('SpaceUpdated', { spaceId: s, changes: { title: `Renamed ${n}` } }) };
    else if (r < 0.65)
      yield {
        stream: `spaces.space-${s}`,
        event: ev('SpacePermissionGranted', { spaceId: s, organizationId: org(o), userId: user(Math.floor(rnd() * USERS)), role: 'edit', previousRole: null }),
      };
    else if (r < 0.8) {
      const id = `cr-${++cr}`;
      yield {
        stream: `content.change-request-${id}`,
        event: ev('ChangeRequestCreated', { spaceId: s, changeRequestId: id, organizationId: org(o), subject: `Change ${cr}` }),
      };
      yield { stream: `content.change-request-${id}`, event: ev('ChangeRequestMerged', { spaceId: s, changeRequestId: id, mergedBy: user(1) }) };
    } else if (r < 0.9)
      yield {
        stream: `organizations.organization-${org(o)}`,
        event: ev('OrganizationMemberRoleChanged', { organizationId: org(o), userId: user(Math.floor(rnd() * USERS)), role: 'edit', from: 'read' }),
      };
    else
      yield {
        stream: `organizations.organization-${org(o)}`,
        event: ev('TeamMemberAdded', { organizationId: org(o), teamId: `team-${o}`, userId: user(Math.floor(rnd() * USERS)), role: 'member' }),
      };
  }
}

async function fill(store: SqliteEventStore): Promise<number> {
  let batch: Array<{ stream: string; events: NewEvent[]; expected: 'any' }> = [];
  let count = 0;
  for (const { stream, event } of history()) {
    batch.push({ stream, events: [event], expected: 'any' });
    if (batch.length === BATCH) {
      await store.appendBatch(batch);
      count += batch.length;
      batch = [];
    }
  }
  if (batch.length) await store.appendBatch(batch);
  return count + batch.length;
}

/** The projection over the whole store, committed every PROJECT_BATCH events with its checkpoint, as the runner does. */
async function project(events: SqliteEventStore, reads: ReadStore): Promise<void> {
  const def = auditLogProjection();
  await reads.defineProjection(def.name, def.collections);
  const handles = new Set(def.handles);
  let { generation, position } = await reads.checkpoint(def.name);
  for (;;) {
    const batch = await events.readAll({ after: position, maxCount: PROJECT_BATCH });
    if (batch.length === 0) return;
    const uow = new UnitOfWork(reads, generation);
    for (const e of batch) if (handles.has(e.type)) await def.apply(upcast(e), uow);
    const to = batch[batch.length - 1].position;
    if (!(await reads.commit(def.name, generation, position, to, uow.writes()))) throw new Error('checkpoint moved');
    position = to;
    ({ generation } = await reads.checkpoint(def.name));
  }
}

async function p99(label: string, run: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  const v = percentile(times, 99);
  log(`${label}: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${v.toFixed(2)} ms`);
  return v;
}

export async function runAuditBench(): Promise<{ line: string; details: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-audit-'));
  const events = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const reads = new SqliteReadStore(path.join(dir, 'read-models.sqlite'));
  try {
    let t = performance.now();
    const count = await fill(events);
    const appendS = (performance.now() - t) / 1000;
    log(`${count} events appended in ${appendS.toFixed(1)} s`);
    t = performance.now();
    await project(events, reads);
    const projectS = (performance.now() - t) / 1000;
    log(`projected in ${projectS.toFixed(1)} s (${Math.round(count / projectS)} events/s)`);

    const reader = new AuditLogReader(reads, new Urls(PlatformConfig.fromEnv({}, { dataDir: dir })));
    const scope: AuditScope = { organizationId: org(3) };
    const first = await reader.page(scope, {}, LIMIT);
    // Cursors deep in the log: every 250th page of the first 5,000 pages' worth of events.
    const deep: string[] = [];
    let next = first.next?.page;
    for (let i = 0; next && deep.length < 20; i++) {
      const p = await reader.page(scope, {}, 100, next);
      if (i % 25 === 0) deep.push(next);
      next = p.next?.page;
    }
    const firstP99 = await p99('first page', () => reader.page(scope, {}, LIMIT));
    const deepP99 = await p99('deep pages', (i) => reader.page(scope, {}, LIMIT, deep[i % deep.length]));
    const filters: Array<[string, (i: number) => AuditFilter]> = [
      ['action', (i) => ({ actions: [['space.updated', 'change-request.merged', 'team.member.added', 'space.permission.updated'][i % 4]] })],
      ['actor', (i) => ({ actor: user(i % USERS) })],
      ['target', (i) => ({ target: spaceOf(3, i % SPACES_PER_ORG) })],
      ['from/to', (i) => ({ from: new Date(T0 + (i % 100) * 3e8).toISOString(), to: new Date(T0 + (i % 100) * 3e8 + 864e5).toISOString() })],
      ['action+actor', (i) => ({ actions: ['space.updated'], actor: user(i % USERS) })],
    ];
    const filtered: number[] = [];
    for (const [label, f] of filters) filtered.push(await p99(`filtered by ${label}`, (i) => reader.page(scope, f(i), LIMIT)));
    const history = await p99('space history', (i) => reader.page({ ...scope, subject: `space:${spaceOf(3, i % SPACES_PER_ORG)}` }, {}, LIMIT));
    const filteredP99 = Math.max(...filtered, history);
    const pageP99 = Math.max(firstP99, deepP99);
    return {
      line: `audit: events=${count} page_p99_ms=${pageP99.toFixed(2)} filtered_p99_ms=${filteredP99.toFixed(2)}`,
      details: [
        `${count.toLocaleString('en-US')} events of ${ORGS} organizations appended in batches of ${BATCH} (${appendS.toFixed(1)} s), projected by the audit log in ${projectS.toFixed(1)} s (${Math.round(count / projectS).toLocaleString('en-US')} events/s)`,
        `one organization's log (~${Math.round(count / ORGS / 1000)}k events), limit ${LIMIT}, ${SAMPLES} samples each after 20 warm-up: first page and pages deep in the log p99 ${pageP99.toFixed(2)} ms; filtered by action, actor, target, from/to, action+actor, and a space's history p99 ${filteredP99.toFixed(2)} ms (worst of them)`,
      ],
    };
  } finally {
    await reads.close();
    await events.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
