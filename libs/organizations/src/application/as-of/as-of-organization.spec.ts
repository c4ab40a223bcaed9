import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { AsOfEvents, AsOfPoint, DomainEvent, SqliteEventStore } from '@app/platform';
import { organizationStream } from '../../domain/organization';
import { created, member, seat, team, updated } from '../../domain/testing/organization.fixtures';
import { MEMBERS, MemberDoc, ORGANIZATIONS, TEAMS } from '../queries/read-models';
import { OrganizationAsOf } from './as-of-organization';

const at = (minute: number) => `2026-03-01T10:0${minute}:00.000Z`;
const point = (minute: number): AsOfPoint => ({ label: at(minute), instant: at(minute) });
let n = 0;
const recorded = (minute: number, ...events: DomainEvent[]) =>
  events.map((e) => ({ id: `e${++n}`, ...e, metadata: { actor: 'ada', occurredAt: at(minute), correlationId: 'c', causationId: null, schemaVersion: 1 } }));

describe('OrganizationAsOf (an organization as of a point)', () => {
  let dir: string;
  let store: SqliteEventStore;
  let past: OrganizationAsOf;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'org-as-of-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    past = new OrganizationAsOf(new AsOfEvents(store));
    const history = [
      ...recorded(1, ...created()),
      ...recorded(2, member('will', 'read'), team('T')),
      ...recorded(3, seat('T', 'will'), updated({ defaultRole: 'comment', title: 'Acme Docs' })),
      ...recorded(4, { type: 'OrganizationMemberRoleChanged', data: { organizationId: 'o1', userId: 'will', role: 'edit', previousRole: 'read' } }),
    ];
    await store.append(organizationStream('o1'), history, 'no_stream');
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('did not exist before its creation', async () => {
    expect(await past.facts('o1', point(0))).toBeNull();
    expect(await past.readModels('o1', point(0))).toBeNull();
  });

  it('folds the facts with the decider’s evolve: members, default role and teams then', async () => {
    expect(await past.facts('o1', point(2))).toEqual({
      members: { ada: 'admin', will: 'read' },
      defaultRole: null,
      teams: { T: { title: 'Writers', members: {} } },
    });
    expect(await past.facts('o1', point(4))).toEqual({
      members: { ada: 'admin', will: 'edit' },
      defaultRole: 'comment',
      teams: { T: { title: 'Writers', members: { will: 'member' } } },
    });
  });

  it('folds the read models with the projection’s apply, counters included', async () => {
    const then = (await past.readModels('o1', point(3)))!;
    expect(await then.get(ORGANIZATIONS, 'o1')).toMatchObject({ title: 'Acme Docs', defaultRole: 'comment' });
    expect(await then.get(TEAMS, 'T')).toMatchObject({ members: 1 });
    expect((await then.find<MemberDoc>(MEMBERS, {}, { sort: [['seq', 1]] })).map((m) => [m.userId, m.role, m.teams])).toEqual([
      ['ada', 'admin', 0],
      ['will', 'read', 1],
    ]);
  });
});
