import { startTestApp, TestApp, bearer } from '../support/test-app';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves api info, orgs and spaces', async () => {
    await t.http.get('/v1/').expect(200);
    const { organizationId, token } = await t.bootstrap();
    const me = await t.http.get('/v1/user').set(bearer(token)).expect(200);
    expect(me.body.object).toBe('user');
    const orgs = await t.http.get('/v1/orgs').set(bearer(token)).expect(200);
    expect(orgs.body.items[0].id).toBe(organizationId);
    const created = await t.http.post(`/v1/orgs/${organizationId}/spaces`).set(bearer(token)).send({ title: 'Guides' }).expect(201);
    const got = await t.http.get(`/v1/spaces/${created.body.id}`).set(bearer(token)).expect(200);
    expect(got.body.title).toBe('Guides');
    const { data } = await t.client(token).spaces.getSpaceById(created.body.id);
    expect(data.id).toBe(created.body.id);
  });
});
