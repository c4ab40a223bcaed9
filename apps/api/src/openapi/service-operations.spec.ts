import type { NestRoute } from './nest-routes';
import { sharedOperation } from './service-operations';

/** A shared operation: the reference's answer, plus what only this server adds to it. */
describe('sharedOperation', () => {
  const route = (responses: NestRoute['operation']['responses']): NestRoute =>
    ({ method: 'get', path: '/v1/orgs/{organizationId}/audit-events', operation: { responses }, isPublic: false }) as unknown as NestRoute;
  const reference = {
    operationId: 'listOrganizationAuditEvents',
    responses: { '200': { description: 'Paginated audit events.', content: { 'application/json': { schema: { type: 'object' } } } } },
  };
  const ndjson = {
    description: 'With `Accept: application/x-ndjson`: every match, one per line.',
    content: { 'application/x-ndjson': { schema: { $ref: '#/components/schemas/AuditEvent' } } },
  };

  it('keeps the reference 200 and adds the media types only this server answers (the NDJSON export)', () => {
    const r = route({ '200': ndjson });
    const op = sharedOperation(r, reference, new Set(), '0.202.0', { parameters: [], responses: { '200': ndjson } });
    const ok = op.responses!['200'] as { description: string; content: Record<string, unknown> };
    expect(Object.keys(ok.content)).toEqual(['application/json', 'application/x-ndjson']);
    expect(ok.content['application/json']).toEqual({ schema: { type: 'object' } });
    expect(ok.description).toBe('Paginated audit events. With `Accept: application/x-ndjson`: every match, one per line.');
  });

  it('leaves a reference answer alone when this server declares nothing new for that status', () => {
    const same = { description: 'Ours', content: { 'application/json': { schema: { type: 'string' } } } };
    const op = sharedOperation(route({ '200': same }), reference, new Set(), '0.202.0', { parameters: [], responses: { '200': same } });
    expect(op.responses!['200']).toEqual(reference.responses['200']);
  });
});
