import { BadRequest, Decider, DomainEvent, httpUrlProblem, NotFound, Role } from '@app/platform';
import { parseIdpCertificate } from './idp-certificate';

/**
 * A SAML identity provider of an organization (reference OrganizationSAMLProvider): the IdP's
 * entity ID, sign-in URL and signing certificate (public, so kept in events), and the role and
 * team a user gets on first signing in. Fields the IdP needs before it can be used may be left
 * out at creation: the provider is `pending` until entityID, ssoURL and certificate are all set.
 */
export interface SamlProviderFields {
  label: string;
  entityID: string | null;
  ssoURL: string | null;
  certificate: string | null;
  defaultTeam: string | null;
  defaultRole: Role | null;
}

export interface SamlProviderCreated extends SamlProviderFields {
  providerId: string;
  organizationId: string;
  createdAt: string;
  createdBy: string;
}

export type SamlProviderEvent =
  | DomainEvent<'SamlProviderCreated', SamlProviderCreated>
  | DomainEvent<'SamlProviderUpdated', { providerId: string; organizationId: string; changes: Partial<SamlProviderFields>; updatedAt: string }>
  | DomainEvent<'SamlProviderDeleted', { providerId: string; organizationId: string; deletedAt: string }>;

export const SAML_PROVIDER_EVENT_TYPES: ReadonlyArray<SamlProviderEvent['type']> = ['SamlProviderCreated', 'SamlProviderUpdated', 'SamlProviderDeleted'];

export type SamlProviderCommand =
  | { type: 'CreateSamlProvider'; providerId: string; organizationId: string; actorId: string; fields: Partial<SamlProviderFields> & { label: string } }
  | { type: 'UpdateSamlProvider'; providerId: string; organizationId: string; changes: Partial<SamlProviderFields> }
  | { type: 'DeleteSamlProvider'; providerId: string; organizationId: string };

export interface SamlProviderState {
  provider: SamlProviderCreated | null;
  deleted: boolean;
}

export const samlProviderStream = (id: string) => `sso.saml-provider-${id}`;
export const LABEL_MAX = 30;
export const ENTITY_ID_MAX = 1024;

export class SamlProviderNotFound extends NotFound {
  constructor(id: string) {
    super(`samlProviderId: no SAML provider ${id} in this organization`);
  }
}

/** `active` once the IdP's entity ID, sign-in URL and certificate are all known; else `pending`. */
export const providerStatus = (p: Pick<SamlProviderFields, 'entityID' | 'ssoURL' | 'certificate'>): 'active' | 'pending' =>
  p.entityID && p.ssoURL && p.certificate ? 'active' : 'pending';

/** Each given field checked; the label trimmed, the certificate normalized to PEM. */
function checked(f: Partial<SamlProviderFields>, now: Date): Partial<SamlProviderFields> {
  const out = { ...f };
  if (f.label !== undefined) {
    out.label = f.label.trim();
    if (out.label.length < 1 || out.label.length > LABEL_MAX) throw new BadRequest(`label: must be 1 to ${LABEL_MAX} characters`);
  }
  if (f.entityID !== undefined && f.entityID !== null && (f.entityID.trim().length < 1 || f.entityID.length > ENTITY_ID_MAX)) {
    throw new BadRequest(`entityID: must be 1 to ${ENTITY_ID_MAX} characters`);
  }
  const urlProblem = f.ssoURL === undefined || f.ssoURL === null ? null : httpUrlProblem(f.ssoURL, 'ssoURL');
  if (urlProblem) throw new BadRequest(urlProblem);
  if (f.certificate !== undefined && f.certificate !== null) out.certificate = parseIdpCertificate(f.certificate, now);
  return out;
}

/** The live provider of this organization (another organization's is 404 too), else 404. */
export function liveProvider(s: SamlProviderState, id: string, organizationId: string): SamlProviderCreated {
  if (!s.provider || s.deleted || s.provider.organizationId !== organizationId) throw new SamlProviderNotFound(id);
  return s.provider;
}

const FIELDS: ReadonlyArray<keyof SamlProviderFields> = ['label', 'entityID', 'ssoURL', 'certificate', 'defaultTeam', 'defaultRole'];

export const samlProvider: Decider<SamlProviderState, SamlProviderCommand, SamlProviderEvent> = {
  initialState: { provider: null, deleted: false },
  evolve(s, e) {
    switch (e.type) {
      case 'SamlProviderCreated':
        return { provider: e.data, deleted: false };
      case 'SamlProviderUpdated':
        return { ...s, provider: { ...s.provider!, ...e.data.changes } };
      case 'SamlProviderDeleted':
        return { ...s, deleted: true };
    }
  },
  decide(c, s, now) {
    switch (c.type) {
      case 'CreateSamlProvider': {
        if (s.provider) return [];
        const f = checked(c.fields, now);
        const data: SamlProviderCreated = {
          providerId: c.providerId,
          organizationId: c.organizationId,
          label: f.label!,
          entityID: f.entityID ?? null,
          ssoURL: f.ssoURL ?? null,
          certificate: f.certificate ?? null,
          defaultTeam: f.defaultTeam ?? null,
          defaultRole: f.defaultRole ?? null,
          createdAt: now.toISOString(),
          createdBy: c.actorId,
        };
        return [{ type: 'SamlProviderCreated', data }];
      }
      case 'UpdateSamlProvider': {
        const p = liveProvider(s, c.providerId, c.organizationId);
        const f = checked(c.changes, now);
        const changes = Object.fromEntries(FIELDS.filter((k) => f[k] !== undefined && f[k] !== p[k]).map((k) => [k, f[k]])) as Partial<SamlProviderFields>;
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'SamlProviderUpdated', data: { providerId: c.providerId, organizationId: c.organizationId, changes, updatedAt: now.toISOString() } }];
      }
      case 'DeleteSamlProvider':
        if (!s.provider || s.deleted || s.provider.organizationId !== c.organizationId) return [];
        return [{ type: 'SamlProviderDeleted', data: { providerId: c.providerId, organizationId: c.organizationId, deletedAt: now.toISOString() } }];
    }
  },
};
