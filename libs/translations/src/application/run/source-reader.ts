import { createHash } from 'crypto';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetReaderContentQuery, GetReaderPageQuery, parseMarkdown, type ReaderContent, type ReaderPage } from '@app/content';
import { GetSpaceAccessQuery, GetSpaceQuery } from '@app/spaces';
import { GlossaryTerm, SegmentedPage } from '../../domain/markdown-segments';
import { SourcePage } from '../../domain/translation-plan';

/** Why a run cannot go on, in words for its `lastRunError` (the run ends failed). */
export class RunFailed extends Error {}

/**
 * What a run reads of its source space: the pages of a revision and their markdown, through
 * content's reader queries. Links to other pages are written as `/pages/<path>`: the target
 * mirrors the source's paths, so the change batch resolves them to the target's own pages.
 */
@Injectable()
export class SourceReader {
  constructor(private readonly queries: QueryBus) {}

  /** The source space as the user who asked for the run sees it; a gone or hidden source fails the run. */
  async space(spaceId: string, userId: string) {
    const access = await this.queries.execute(new GetSpaceAccessQuery(spaceId, userId));
    if (!access) throw new RunFailed(`The source space ${spaceId} no longer exists (deleted?); restore it or delete this translation`);
    if (!access.role) throw new RunFailed(`The source space ${spaceId} is not visible to user ${userId}, who asked for this run`);
    return this.queries.execute(new GetSpaceQuery(spaceId, userId));
  }

  content(spaceId: string, revisionId?: string): Promise<ReaderContent> {
    return this.queries.execute(new GetReaderContentQuery(spaceId, revisionId));
  }

  /** What planning compares: a page's text and metadata (not its place: a move is not a change of text). */
  static fingerprint(p: ReaderPage): string {
    const fields = [p.title, p.description, p.emoji, p.hidden, p.noIndex, p.noRobotsIndex, p.condition, p.bodyVersion ?? p.updatedAt];
    return createHash('sha256').update(JSON.stringify(fields)).digest('base64url').slice(0, 22);
  }

  static planned(content: ReaderContent): SourcePage[] {
    return content.pages.map((p) => ({ id: p.id, path: p.path, fingerprint: SourceReader.fingerprint(p) }));
  }

  /** A page's markdown (frontmatter, `# title`, body), cut into segments for the translator. */
  async page(content: ReaderContent, pageId: string, glossary: readonly GlossaryTerm[]): Promise<SegmentedPage> {
    const paths = new Map(content.pages.map((p) => [p.id, p.path]));
    const body = await this.queries.execute(
      new GetReaderPageQuery(content.spaceId, content.revisionId, pageId, {
        page: (id, anchor) => (paths.has(id) ? `/pages/${paths.get(id)}${anchor ? `#${anchor}` : ''}` : null),
        // Files stay where they are: the source space's file ids (see the README on translations).
        file: (id) => `/files/${id}`,
      }),
    );
    return new SegmentedPage(body.markdown, parseMarkdown(body.markdown), glossary);
  }
}
