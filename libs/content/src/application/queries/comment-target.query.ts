import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { BadRequest } from '@app/platform';
import { ContentReader } from './content-reader';
import { documentOf } from './document.queries';

/** What a comment points at inside content: a page, a node of its document (by key), a table cell. */
export interface CommentTargetInput {
  page?: string;
  node?: string;
  tableCell?: { record: string; definition: string };
}

export interface CommentTargetFound {
  /** The change request's id (the path may name it by number); null on main. */
  changeRequestId: string | null;
  /** The revision the target was found in: main's head, or the change request's. */
  revision: string;
}

/**
 * For the comments context: the content a comment is posted on (main, or a change request given
 * by id or number) and, when the comment targets a page, that the page (and the node or table
 * cell inside it) exists in that revision. A missing space or change request is 404; a target
 * that is not in the revision is 400, naming the field. Node keys are those of the page's
 * document as getPageDocument… answers it.
 */
export class GetCommentTargetQuery extends Query<CommentTargetFound> {
  constructor(
    readonly spaceId: string,
    readonly userId: string,
    readonly changeRequest: string | null,
    readonly target: CommentTargetInput = {},
  ) {
    super();
  }
}

/** The parts of a document node this reads (the markdown module's own types are its business). */
interface DocNode {
  object: string;
  key?: string;
  type?: string;
  data?: { records?: Record<string, unknown>; definition?: Record<string, unknown> };
  nodes?: DocNode[];
  fragments?: Array<{ nodes: DocNode[] }>;
}

function* nodesOf(nodes: readonly DocNode[] | undefined): Generator<DocNode> {
  for (const n of nodes ?? []) {
    if (n.object === 'text') continue;
    yield n;
    yield* nodesOf(n.nodes);
    for (const f of n.fragments ?? []) yield* nodesOf(f.nodes);
  }
}

const holdsCell = (n: DocNode, cell: { record: string; definition: string }) =>
  n.object === 'block' && n.type === 'table' && !!n.data?.records?.[cell.record] && !!n.data?.definition?.[cell.definition];

@QueryHandler(GetCommentTargetQuery)
export class GetCommentTargetHandler implements IQueryHandler<GetCommentTargetQuery> {
  constructor(private readonly reader: ContentReader) {}

  async execute(q: GetCommentTargetQuery): Promise<CommentTargetFound> {
    const c = await this.reader.resolve(q.spaceId, q.changeRequest === null ? { kind: 'main' } : { kind: 'change-request', ref: q.changeRequest }, q.userId);
    const found = { changeRequestId: c.changeRequest?.id ?? null, revision: c.revision.id };
    const { page: pageId, node, tableCell } = q.target;
    if (pageId === undefined) {
      if (node !== undefined || tableCell !== undefined) throw new BadRequest(`${node !== undefined ? 'node' : 'tableCell'}: needs the page it is in (page)`);
      return found;
    }
    const page = c.tree.get(pageId);
    if (!page) throw new BadRequest(`page: no page with id ${pageId} in this revision`);
    if (node === undefined && tableCell === undefined) return found;
    const doc = documentOf(await this.reader.revisions.body(page.doc, 'read')) as { nodes?: DocNode[] };
    const nodes = [...nodesOf(doc.nodes)];
    const target = node === undefined ? undefined : nodes.find((n) => n.key === node);
    if (node !== undefined && !target) throw new BadRequest(`node: no node with key ${node} in page ${pageId}`);
    if (tableCell && !(target ? holdsCell(target, tableCell) : nodes.some((n) => holdsCell(n, tableCell))))
      throw new BadRequest(
        `tableCell: no cell of record ${tableCell.record} and definition ${tableCell.definition} in ${target ? `node ${node}` : `page ${pageId}`}`,
      );
    return found;
  }
}
