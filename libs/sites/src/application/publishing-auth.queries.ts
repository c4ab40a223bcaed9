import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@app/platform';
import { DEFAULT_PUBLISHING_AUTH, PublishingAuthBackend } from '../domain/publishing-auth';
import { PublishingAuthScope } from './publishing-auth.commands';
import { MASKED_KEY } from './publishing-auth-keys';
import { PUBLISHING_AUTH, PublishingAuthDoc } from './publishing-auth.projection';
import { SiteAccess } from './site-access';

/** Reference SitePublishingAuth, plus our `jwksURL`. */
export interface PublishingAuthView {
  object: 'publishing-auth';
  backend: PublishingAuthBackend;
  /** Masked ("********"), or "" while no key was generated: the key in clear is answered by regenerate alone. */
  privateKey: string;
  fallbackURL?: string;
  jwksURL?: string;
}

export function publishingAuthView(doc: PublishingAuthDoc | null): PublishingAuthView {
  const d = doc ?? { ...DEFAULT_PUBLISHING_AUTH, key: null };
  return {
    object: 'publishing-auth',
    backend: d.backend,
    privateKey: d.key ? MASKED_KEY : '',
    ...(d.fallbackURL ? { fallbackURL: d.fallbackURL } : {}),
    ...(d.jwksURL ? { jwksURL: d.jwksURL } : {}),
  };
}

/** getSitePublishingAuthById: members of the site's organization read the settings (the key masked). */
export class GetPublishingAuthQuery extends Query<PublishingAuthView> {
  constructor(readonly scope: PublishingAuthScope) {
    super();
  }
}

@QueryHandler(GetPublishingAuthQuery)
export class GetPublishingAuthHandler implements IQueryHandler<GetPublishingAuthQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: SiteAccess,
  ) {}
  async execute({ scope }: GetPublishingAuthQuery): Promise<PublishingAuthView> {
    const site = await this.access.requireRead(scope.caller, scope.siteId, scope.organizationId);
    return publishingAuthView(await this.store.get<PublishingAuthDoc>(PUBLISHING_AUTH, site.id));
  }
}
