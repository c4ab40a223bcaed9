import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { BlobStore, ListResponse, NotFound, PageQuery, paginate, ReadStore, Urls } from '@app/platform';
import { CustomFontNotFound } from '../domain/custom-font';
import { FontScope } from './custom-font.commands';
import { CUSTOM_FONTS, CustomFontDoc } from './custom-fonts.projection';
import { FontAccess } from './font-access';
import { FONT_MEDIA_TYPES, fontFileKey } from './font-inspector';

/** Reference CustomizationFontDefinition. */
export interface CustomFontView {
  id: string;
  custom: true;
  fontFamily: string;
  fontFaces: Array<{ weight: number; sources: Array<{ url: string; format: 'woff2' | 'woff' }> }>;
  permissions: { edit: boolean };
}

/** A face's file name in its URL: weight, the start of its hash (a new file is a new URL: caches never go stale), format. */
const fileName = (f: CustomFontDoc['faces'][number]) => `${f.weight}-${f.file.sha256.slice(0, 16)}.${f.file.format}`;
const FILE_NAME = /^(\d{1,4})-([0-9a-f]{16})\.(woff2|woff)$/;

const toView = (d: CustomFontDoc, edit: boolean, urls: Urls): CustomFontView => ({
  id: d.id,
  custom: true,
  fontFamily: d.fontFamily,
  fontFaces: d.faces.map((f) => ({
    weight: f.weight,
    sources: [{ url: urls.api(`/orgs/${d.organizationId}/fonts/${d.id}/files/${fileName(f)}`), format: f.file.format }],
  })),
  permissions: { edit },
});

/** listCustomFonts: oldest first. */
export class ListCustomFontsQuery extends Query<ListResponse<CustomFontView>> {
  constructor(
    readonly scope: FontScope,
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListCustomFontsQuery)
export class ListCustomFontsHandler implements IQueryHandler<ListCustomFontsQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: FontAccess,
    private readonly urls: Urls,
  ) {}
  async execute({ scope, page }: ListCustomFontsQuery) {
    const role = await this.access.view(scope.organizationId, scope.caller.userId);
    return paginate<CustomFontDoc, CustomFontView>(this.store, CUSTOM_FONTS, { organizationId: scope.organizationId }, [['seq', 1]], page, (d) =>
      toView(d, role === 'admin', this.urls),
    );
  }
}

export class GetCustomFontQuery extends Query<CustomFontView> {
  constructor(
    readonly scope: FontScope,
    readonly fontId: string,
  ) {
    super();
  }
}

@QueryHandler(GetCustomFontQuery)
export class GetCustomFontHandler implements IQueryHandler<GetCustomFontQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly access: FontAccess,
    private readonly urls: Urls,
  ) {}
  async execute({ scope, fontId }: GetCustomFontQuery) {
    const role = await this.access.view(scope.organizationId, scope.caller.userId);
    const doc = await this.store.get<CustomFontDoc>(CUSTOM_FONTS, fontId);
    if (!doc || doc.organizationId !== scope.organizationId) throw new CustomFontNotFound(fontId);
    return toView(doc, role === 'admin', this.urls);
  }
}

export interface FontFileBody {
  bytes: Buffer;
  contentType: string;
  sha256: string;
}

/** A face's file, for anyone (browsers load fonts of published sites without a token), while the face is live. */
export class GetFontFileQuery extends Query<FontFileBody> {
  constructor(
    readonly organizationId: string,
    readonly fontId: string,
    readonly file: string,
  ) {
    super();
  }
}

@QueryHandler(GetFontFileQuery)
export class GetFontFileHandler implements IQueryHandler<GetFontFileQuery> {
  constructor(
    private readonly store: ReadStore,
    private readonly blobs: BlobStore,
  ) {}
  async execute({ organizationId, fontId, file }: GetFontFileQuery): Promise<FontFileBody> {
    const notFound = new NotFound(`No font file ${file.slice(0, 100)} in this font`);
    const m = FILE_NAME.exec(file);
    const doc = m ? await this.store.get<CustomFontDoc>(CUSTOM_FONTS, fontId) : null;
    const face = doc?.organizationId === organizationId ? doc.faces.find((f) => fileName(f) === file) : undefined;
    if (!face) throw notFound;
    const blob = await this.blobs.get(fontFileKey(organizationId, face.file.sha256));
    if (!blob) throw notFound;
    return { bytes: blob.bytes, contentType: FONT_MEDIA_TYPES[face.file.format], sha256: face.file.sha256 };
  }
}
