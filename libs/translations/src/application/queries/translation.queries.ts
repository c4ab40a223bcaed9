import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ListResponse, NotFound, PageQuery, paginate, Principal, ReadStore, Urls } from '@app/platform';
import { TranslationNotFound } from '../../domain/translation-rules';
import { TranslationAccess } from '../translation-access';
import { GlossaryEntryView, toGlossaryEntryView, toTranslationView, TranslationView } from './translation.views';
import { GLOSSARY_ENTRIES, GlossaryEntryDoc, TranslationDoc, TRANSLATIONS } from './translations.projection';

/** listTranslations: the organization's translations in the order they were created. */
export class ListTranslationsQuery extends Query<ListResponse<TranslationView>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListTranslationsQuery)
export class ListTranslationsHandler implements IQueryHandler<ListTranslationsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: TranslationAccess,
    private readonly urls: Urls,
  ) {}
  async execute({ caller, organizationId, page }: ListTranslationsQuery) {
    const permissions = await this.access.permissions(caller, organizationId);
    return paginate<TranslationDoc, TranslationView>(this.store, TRANSLATIONS, { organizationId }, [['seq', 1]], page, (d) =>
      toTranslationView(d, permissions, this.urls),
    );
  }
}

/** getTranslation; 404 for another organization's translation. */
export class GetTranslationQuery extends Query<TranslationView> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly translationId: string,
  ) {
    super();
  }
}

@QueryHandler(GetTranslationQuery)
export class GetTranslationHandler implements IQueryHandler<GetTranslationQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: TranslationAccess,
    private readonly urls: Urls,
  ) {}
  async execute({ caller, organizationId, translationId }: GetTranslationQuery) {
    const permissions = await this.access.permissions(caller, organizationId);
    const doc = await this.store.get<TranslationDoc>(TRANSLATIONS, translationId);
    if (!doc || doc.organizationId !== organizationId) throw new TranslationNotFound(translationId);
    return toTranslationView(doc, permissions, this.urls);
  }
}

/** listGlossaryEntries: in the order they were added. */
export class ListGlossaryEntriesQuery extends Query<ListResponse<GlossaryEntryView>> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListGlossaryEntriesQuery)
export class ListGlossaryEntriesHandler implements IQueryHandler<ListGlossaryEntriesQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: TranslationAccess,
    private readonly urls: Urls,
  ) {}
  async execute({ caller, organizationId, page }: ListGlossaryEntriesQuery) {
    await this.access.permissions(caller, organizationId);
    return paginate<GlossaryEntryDoc, GlossaryEntryView>(this.store, GLOSSARY_ENTRIES, { organizationId }, [['seq', 1]], page, (d) =>
      toGlossaryEntryView(d, this.urls),
    );
  }
}

export class GetGlossaryEntryQuery extends Query<GlossaryEntryView> {
  constructor(
    readonly caller: Principal,
    readonly organizationId: string,
    readonly entryId: string,
  ) {
    super();
  }
}

@QueryHandler(GetGlossaryEntryQuery)
export class GetGlossaryEntryHandler implements IQueryHandler<GetGlossaryEntryQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: TranslationAccess,
    private readonly urls: Urls,
  ) {}
  async execute({ caller, organizationId, entryId }: GetGlossaryEntryQuery) {
    await this.access.permissions(caller, organizationId);
    const doc = await this.store.get<GlossaryEntryDoc>(GLOSSARY_ENTRIES, entryId);
    if (!doc || doc.organizationId !== organizationId) throw new NotFound(`glossaryEntryId: no glossary entry with id ${entryId} in this organization`);
    return toGlossaryEntryView(doc, this.urls);
  }
}
