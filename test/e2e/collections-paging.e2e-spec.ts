import { CommandBus } from '@nestjs/cqrs';
import { AddOrganizationMemberCommand } from '@app/organizations';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { expectMatchesOperation } from '../support/reference-schema';

/**
 * Listings of the content tree page on immutable placement entries read at one snapshot (see
 * libs/spaces/src/application/queries/content-tree.ts): moving, creating and deleting while a
 * client walks the pages never makes an item skip or repeat. And a rebuild of the spaces
 * projection ends equal to the live read models after every kind of change.
 */
describe('collections: paging under concurrent writes, rebuild (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let token: string;
  let collectionId: string;
  const http = (method: 'get' | 'post' | 'patch' | 'delete' | 'put', path: string) => t.http[method](path).set(bearer(token));
  const make = async (title: string) => {
    const res = await http('post', `/v1/orgs/${orgId}/spaces`).send({ title, parent: collectionId });
    expect(res.status).toBe(201);
    expectMatchesOperation('createSpace', 201, res.body);
    return res.body.id as string;
  };
  const move = async (id: string, position: unknown) => {
    const res = await http('post', `/v1/spaces/${id}/move`).send({ position });
    expect(res.status).toBe(200);
    expectMatchesOperation('moveSpace', 200, res.body);
  };
  const listing = async () => {
    const res = await http('get', `/v1/collections/${collectionId}/spaces`).query({ limit: 1000 });
    expectMatchesOperation('listSpacesInCollectionById', 200, res.body);
    return res.body.items.map((s: { id: string }) => s.id);
  };

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token } = await t.bootstrap('Paging Org', email('pat')));
    collectionId = (await http('post', `/v1/orgs/${orgId}/collections`).send({ title: 'Many' })).body.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a walk sees every item present for the whole walk exactly once, in the order at its start, while items move, appear and go', async () => {
    const stable: string[] = [];
    const volatile: string[] = [];
    for (let i = 0; i < 12; i++) {
      stable.push(await make(`stable ${i}`));
      if (i % 3 === 0) volatile.push(await make(`volatile ${i}`));
    }
    const orderAtStart = (await listing()).filter((id: string) => stable.includes(id));
    const seen: string[] = [];
    let page: string | undefined;
    let step = 0;
    do {
      const res = await http('get', `/v1/collections/${collectionId}/spaces`).query(page ? { limit: 3, page } : { limit: 3 });
      expect(res.status).toBe(200);
      expectMatchesOperation('listSpacesInCollectionById', 200, res.body);
      seen.push(...res.body.items.map((s: { id: string }) => s.id));
      // Between pages: move an unseen item to the front and a seen one to the end, add one, delete one.
      const unseen = stable.filter((id) => !seen.includes(id));
      if (unseen.length) await move(unseen[unseen.length - 1], { before: { type: 'space', space: orderAtStart[0] } });
      if (seen.length) await move(seen[0], null);
      await make(`new ${step}`);
      const gone = volatile.shift();
      if (gone) expect((await http('delete', `/v1/spaces/${gone}`)).status).toBe(205);
      page = res.body.next?.page;
      step++;
    } while (page && step < 50);
    expect(page).toBeUndefined();
    const counts = new Map<string, number>();
    for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    expect(seen.filter((id) => stable.includes(id))).toEqual(orderAtStart);
    // A new walk shows the order after the moves.
    expect(await listing()).not.toEqual(orderAtStart);
  });

  it('the count is that of the list as it is now', async () => {
    const res = await http('get', `/v1/collections/${collectionId}/spaces`).query({ limit: 1 });
    expect(res.body.count).toBe((await listing()).length);
  });

  it('rebuilding the spaces projection ends with read models equal to the live ones', async () => {
    const other = await t.bootstrap('Target Org', email('tom'));
    const sub = (await http('post', `/v1/orgs/${orgId}/collections`).send({ title: 'Sub', parent: collectionId })).body.id;
    const [guest] = await t.cli('user', 'create', '--email', email('gus'), '--name', 'Gus');
    const team = (await http('put', `/v1/orgs/${orgId}/teams`).send({ title: 'Team' })).body.id;
    const ids = await listing();
    await http('post', `/v1/spaces/${ids[0]}/permissions`)
      .send({ role: 'edit', users: [guest.userId], teams: [team] })
      .expect(204);
    await http('post', `/v1/collections/${sub}/permissions`)
      .send({ role: 'read', users: [guest.userId] })
      .expect(204);
    await http('patch', `/v1/spaces/${ids[0]}/permissions/users/${guest.userId}`).send({ role: null }).expect(204);
    await http('post', `/v1/spaces/${ids[1]}/move`).send({ parent: sub }).expect(200);
    await http('patch', `/v1/collections/${sub}`).send({ description: 'Inner', defaultLevel: 'comment' }).expect(200);
    const t2 = (await http('post', `/v1/orgs/${orgId}/collections`).send({ title: 'Leaving' })).body.id;
    await http('post', `/v1/orgs/${orgId}/spaces`).send({ title: 'Leaving too', parent: t2 }).expect(201);
    const me = (await http('get', '/v1/user')).body.id;
    await t.app.get(CommandBus).execute(new AddOrganizationMemberCommand(other.organizationId, me, 'admin'));
    await t.engine.waitForHead();
    await http('post', `/v1/collections/${t2}/transfer`).send({ organization: other.organizationId }).expect(200);
    await http('delete', `/v1/collections/${sub}`).expect(205);
    await t.engine.drain();

    const before = await t.engine.dump('spaces');
    await t.engine.rebuild('spaces');
    await t.engine.drain();
    expect(await t.engine.dump('spaces')).toEqual(before);
    expect(await listing()).toEqual(
      (before.content_tree as Array<{ parent: string; removedAt: number; itemId: string; kind: string; position: string; id: string }>)
        .filter((e) => e.parent === collectionId && e.kind === 'space' && e.removedAt === Number.MAX_SAFE_INTEGER)
        .sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : 1))
        .map((e) => e.itemId),
    );
  });
});
