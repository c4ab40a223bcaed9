import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import { SAML_PROVIDER_EVENT_TYPES, SamlProviderEvent, SamlProviderFields } from '../domain/saml-provider';

export const SAML_PROVIDERS = 'sso_saml_providers';

export interface SamlProviderDoc extends SamlProviderFields {
  [key: string]: unknown;
  id: string;
  organizationId: string;
  createdAt: string;
  /** Global position of the creation: the listing's immutable order. */
  seq: number;
}

/** The organizations' SAML providers, oldest first; a deleted one is gone. */
export const samlProvidersProjection: ProjectionDefinition = {
  name: 'sso-saml-providers',
  collections: [{ name: SAML_PROVIDERS, indexes: [['organizationId', 'seq']] }],
  handles: [...SAML_PROVIDER_EVENT_TYPES],
  async apply(event, ctx) {
    const e = event as RecordedEvent & SamlProviderEvent;
    switch (e.type) {
      case 'SamlProviderCreated': {
        const { providerId, createdBy: _by, ...d } = e.data;
        const doc: SamlProviderDoc = { id: providerId, ...d, seq: e.position };
        ctx.put(SAML_PROVIDERS, doc);
        return;
      }
      case 'SamlProviderUpdated':
        return ctx.update<SamlProviderDoc>(SAML_PROVIDERS, e.data.providerId, (doc) => ({ ...doc, ...e.data.changes }));
      case 'SamlProviderDeleted':
        return ctx.delete(SAML_PROVIDERS, e.data.providerId);
    }
  },
};
