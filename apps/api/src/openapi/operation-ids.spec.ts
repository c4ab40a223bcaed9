import { ownOperationId, singular } from './operation-ids';

describe('ownOperationId', () => {
  it.each([
    ['get', '/v1/orgs/{organizationId}/webhooks', 'listOrganizationWebhooks'],
    ['post', '/v1/orgs/{organizationId}/webhooks', 'createOrganizationWebhook'],
    ['get', '/v1/orgs/{organizationId}/webhooks/{webhookId}', 'getOrganizationWebhook'],
    ['patch', '/v1/orgs/{organizationId}/webhooks/{webhookId}', 'updateOrganizationWebhook'],
    ['delete', '/v1/orgs/{organizationId}/webhooks/{webhookId}', 'deleteOrganizationWebhook'],
    ['post', '/v1/orgs/{organizationId}/webhooks/{webhookId}/rotate-secret', 'rotateOrganizationWebhookSecret'],
    ['post', '/v1/orgs/{organizationId}/webhooks/{webhookId}/ping', 'pingOrganizationWebhook'],
    ['get', '/v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries', 'listOrganizationWebhookDeliveries'],
    ['post', '/v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver', 'redeliverOrganizationWebhookDelivery'],
    ['get', '/v1/orgs/{organizationId}/members/{userId}/audit-events', 'listOrganizationMemberAuditEvents'],
    ['get', '/v1/spaces/{spaceId}/audit-events', 'listSpaceAuditEvents'],
    ['get', '/v1/orgs/{organizationId}/events', 'listOrganizationEvents'],
    ['patch', '/v1/orgs/{organizationId}/conversations-clusters/{clusterId}', 'updateOrganizationConversationsCluster'],
    ['get', '/health/live', 'getHealthLive'],
    ['get', '/health/ready', 'getHealthReady'],
    ['get', '/v1/openapi.json', 'getOpenapiJson'],
    ['get', '/metrics', 'getMetrics'],
    ['put', '/v1/storage/uploads/{token}', 'putStorageUpload'],
    ['get', '/v1/orgs/{organizationId}/fonts/{fontId}/files/{file}', 'getOrganizationFontFile'],
    ['get', '/v1/orgs/{organizationId}/saml/{samlProviderId}/metadata', 'getOrganizationSamlMetadata'],
    ['get', '/v1', 'getRoot'],
  ])('%s %s → %s', (method, path, id) => expect(ownOperationId(method, path)).toBe(id));

  it('singularizes the usual English plurals and leaves the rest', () => {
    expect(['deliveries', 'webhooks', 'boxes', 'status', 'analysis', 'class'].map(singular)).toEqual([
      'delivery',
      'webhook',
      'box',
      'status',
      'analysis',
      'class',
    ]);
  });
});
