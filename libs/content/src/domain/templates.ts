import { BadRequest } from '@app/platform';
import { ContentChange } from './content-batch';

/**
 * Built-in content templates a change request can start from (reference ApplySpaceTemplate).
 * `params.contentRefs` fill named slots with links: a page, file, URL, space or OpenAPI spec.
 */
export interface ContentRefInput {
  kind: string;
  [k: string]: unknown;
}

interface Template {
  description: string;
  pages: (link: (slot: string, label: string) => string) => Array<{ title: string; markdown: string; ref: string; into?: string }>;
}

export const TEMPLATES: Record<string, Template> = {
  blank: { description: 'No pages', pages: () => [] },
  'product-docs': {
    description: 'Overview, quickstart and guides',
    pages: (link) => [
      {
        ref: 'overview',
        title: 'Overview',
        markdown: `Welcome. ${link('product', 'Learn about the product')}.\n\n- [Quickstart](./quickstart.md)\n- [Guides](./guides.md)`,
      },
      { ref: 'quickstart', title: 'Quickstart', markdown: 'Get up and running in a few minutes.\n\n1. Install\n2. Configure\n3. Run' },
      { ref: 'guides', title: 'Guides', markdown: 'Step-by-step guides.' },
      { ref: 'first-guide', into: 'guides', title: 'Your first guide', markdown: 'Describe one task from start to finish.' },
    ],
  },
  'api-docs': {
    description: 'API introduction, authentication and reference',
    pages: (link) => [
      { ref: 'introduction', title: 'Introduction', markdown: `What the API does. ${link('openapi', 'API reference')}.` },
      { ref: 'authentication', title: 'Authentication', markdown: 'Send `Authorization: Bearer <token>` with every request.' },
      { ref: 'reference', title: 'Reference', markdown: `${link('openapi', 'Full reference')}` },
    ],
  },
};

const SLOTS: Record<string, string> = { page: 'page', file: 'file', url: 'url', space: 'space', openapi: 'spec' };

function targetOf(ref: ContentRefInput, field: string): string {
  const key = SLOTS[ref.kind];
  if (!key) throw new BadRequest(`${field}.kind: must be one of ${Object.keys(SLOTS).join(', ')}`);
  const v = ref[key];
  if (typeof v !== 'string' || !v) throw new BadRequest(`${field}.${key}: must be a non-empty string`);
  if (ref.kind === 'page') return `/pages/${v}`;
  if (ref.kind === 'file') return `/files/${v}`;
  if (ref.kind === 'url') return v;
  if (ref.kind === 'space') return `/spaces/${v}`;
  return `/openapi/${v}`;
}

/**
 * The insert_page changes of a template; unknown ids and malformed refs answer 400, naming the
 * field under `at` (`template.` in a change request's body, nothing in applyTemplateToSpace's).
 */
export function templateChanges(id: string, contentRefs: Record<string, ContentRefInput> = {}, at = 'template.'): ContentChange[] {
  const t = TEMPLATES[id];
  if (!t) throw new BadRequest(`${at}id: unknown template "${id}" (available: ${Object.keys(TEMPLATES).join(', ')})`);
  const targets = Object.fromEntries(Object.entries(contentRefs).map(([k, v]) => [k, targetOf(v, `${at}params.contentRefs.${k}`)]));
  const link = (slot: string, label: string) => (targets[slot] ? `[${label}](${targets[slot]})` : label);
  return t
    .pages(link)
    .map((p) => ({ operation: 'insert_page', fields: { title: p.title }, markdown: p.markdown, ref: p.ref, ...(p.into ? { into: p.into } : {}) }));
}
