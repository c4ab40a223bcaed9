import { BadRequest } from '@app/platform';
import { INSTRUCTIONS_MAX_CHARS, instructionsProblem, parseInstructions } from './instructions-document';

const text = (t: string, marks: string[] = []) => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: t, marks: marks.map((type) => ({ object: 'mark', type })) }],
});
const block = (type: string, nodes: unknown[], more: object = {}) => ({ object: 'block', type, nodes, ...more });
const doc = (...nodes: unknown[]) => ({ object: 'document', data: { schemaVersion: 1 }, nodes });
const problem = (v: unknown) => instructionsProblem(v, 'instructions');

describe('agent instructions document', () => {
  it('keeps every supported node as given, filling in the fields the reference requires', () => {
    const link = { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://example.com' } }, nodes: [text('site')] };
    const given = doc(
      block('heading-1', [text('Style')]),
      block('paragraph', [text('Be '), { ...text('brief', ['bold', 'italic']), key: 'k1' }, link], { data: { align: 'start' }, key: 'p1' }),
      block('list-unordered', [block('list-item', [block('paragraph', [text('one')])])]),
      block('list-ordered', [block('list-item', [block('code', [block('code-line', [text('npm test')])], { data: { syntax: 'bash' } })])], {
        data: { start: 3 },
      }),
      block('list-tasks', [block('list-item', [block('blockquote', [block('paragraph', [text('q')])])], { data: { checked: true } })]),
      { object: 'block', type: 'divider' },
    );
    const out = parseInstructions(given);
    expect(out.data).toEqual({ schemaVersion: 1 });
    expect(out.nodes[0]).toEqual({ ...block('heading-1', [text('Style')]), data: {} });
    expect((out.nodes[1] as { nodes: unknown[] }).nodes[2]).toEqual(link);
    expect(out.nodes[5]).toEqual({ object: 'block', type: 'divider', isVoid: true, data: {} });
    expect(parseInstructions(out)).toEqual(out);
  });

  it('a leaf without marks gets an empty list; a document without data gets {}', () => {
    const out = parseInstructions({ object: 'document', nodes: [block('paragraph', [{ object: 'text', leaves: [{ object: 'leaf', text: 'x' }] }])] });
    expect(out).toEqual({ object: 'document', data: {}, nodes: [{ ...block('paragraph', [text('x')]), data: {} }] });
  });

  it.each([
    ['not an object', [], 'instructions: must be an object'],
    ['another object', { object: 'block', nodes: [] }, 'instructions.object: must be "document"'],
    ['no nodes', { object: 'document' }, 'instructions.nodes: must be an array'],
    ['an unknown field', { ...doc(), meta: {} }, 'instructions.meta: unknown field'],
    ['an unsupported block', doc(block('images', [])), 'instructions.nodes[0].type: must be one of'],
    ['a list item at the top', doc(block('list-item', [])), 'instructions.nodes[0].type: must be one of'],
    ['a paragraph in a list', doc(block('list-unordered', [block('paragraph', [])])), 'instructions.nodes[0].nodes[0].type: must be one of list-item'],
    ['an unknown mark', doc(block('paragraph', [text('x', ['color'])])), 'instructions.nodes[0].nodes[0].leaves[0].marks[0]: must be a mark'],
    [
      'a link to a page',
      doc(block('paragraph', [{ object: 'inline', type: 'link', data: { ref: { kind: 'page', page: 'p' } }, nodes: [] }])),
      'data.ref.page: unknown field',
    ],
    ['a bad alignment', doc(block('paragraph', [], { data: { align: 'left' } })), 'instructions.nodes[0].data.align: must be one of start, center, end'],
    ['a void paragraph', doc(block('paragraph', [], { isVoid: true })), 'instructions.nodes[0].isVoid: must be false'],
    ['a divider with content', doc(block('divider', [])), 'instructions.nodes[0].nodes: unknown field'],
  ])('refuses %s, naming the node', (_what, value, message) => {
    expect(problem(value)).toContain(message);
    expect(() => parseInstructions(value)).toThrow(BadRequest);
  });

  it('refuses nesting deeper than 12 blocks and documents over the size bound', () => {
    let nested: unknown = block('paragraph', []);
    for (let i = 0; i < 13; i++) nested = block('blockquote', [nested]);
    expect(problem(doc(nested))).toMatch(/must not be nested deeper than 12 blocks/);
    expect(problem(doc(block('paragraph', [text('x'.repeat(INSTRUCTIONS_MAX_CHARS))])))).toBe(
      `instructions: must be at most ${INSTRUCTIONS_MAX_CHARS} characters of JSON`,
    );
  });
});
