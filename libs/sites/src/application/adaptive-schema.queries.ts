import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFound, Principal } from '@app/platform';
import type { AdaptiveJsonSchema } from '../domain/adaptive/adaptive-schema';
import { TemplateCondition, templateConditions } from '../domain/adaptive/adaptive-template-conditions';
import { AdaptiveSchemas } from './adaptive-schemas';
import { SiteAccess } from './site-access';

/** Reference SiteAdaptiveSchema. */
export interface AdaptiveSchemaView {
  object: 'site-adaptive-schema';
  jsonSchema: AdaptiveJsonSchema;
  updatedAt: string;
}

/** getSiteAdaptiveSchema: 404 until a schema was set. */
export class GetAdaptiveSchemaQuery extends Query<AdaptiveSchemaView> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

@QueryHandler(GetAdaptiveSchemaQuery)
export class GetAdaptiveSchemaHandler implements IQueryHandler<GetAdaptiveSchemaQuery> {
  constructor(
    private readonly access: SiteAccess,
    private readonly schemas: AdaptiveSchemas,
  ) {}
  async execute(q: GetAdaptiveSchemaQuery): Promise<AdaptiveSchemaView> {
    const site = await this.access.requireRead(q.caller, q.siteId, q.organizationId);
    const schema = await this.schemas.current(site.id);
    if (!schema) throw new NotFound(`siteId: site ${site.id} has no adaptive schema yet; set one with PUT`);
    return { object: 'site-adaptive-schema', ...schema };
  }
}

/** listSiteAdaptiveTemplateConditions: derived from the schema (none before one is set). */
export class ListTemplateConditionsQuery extends Query<{ items: TemplateCondition[] }> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

@QueryHandler(ListTemplateConditionsQuery)
export class ListTemplateConditionsHandler implements IQueryHandler<ListTemplateConditionsQuery> {
  constructor(
    private readonly access: SiteAccess,
    private readonly schemas: AdaptiveSchemas,
  ) {}
  async execute(q: ListTemplateConditionsQuery): Promise<{ items: TemplateCondition[] }> {
    const site = await this.access.requireRead(q.caller, q.siteId, q.organizationId);
    const schema = await this.schemas.current(site.id);
    return { items: schema ? templateConditions(schema.jsonSchema) : [] };
  }
}
