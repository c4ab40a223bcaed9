import { Span } from './inline-spans';
import { layoutLines, LayoutOptions } from './line-layout';

/** Every character 5 points wide: widths below are 5 × characters. */
const measure = (text: string) => [...text].length * 5;
const opts = (width: number, extra: Partial<LayoutOptions> = {}): LayoutOptions => ({ width, size: 10, measure, ...extra });
const plain = (text: string): Span => ({ text, style: {} });
const texts = (spans: Span[], o: LayoutOptions) => layoutLines(spans, o).lines.map((l) => l.pieces.map((p) => p.text).join(''));

describe('line layout', () => {
  it('breaks at spaces, collapsing runs of white space like HTML', () => {
    expect(texts([plain('aaa bbb ccc')], opts(40))).toEqual(['aaa bbb', 'ccc']);
    expect(texts([plain('  a \t\t b  ')], opts(100))).toEqual(['a b']);
  });

  it('keeps words made of several styled spans together and measures each line', () => {
    const spans: Span[] = [plain('xx '), { text: 'bold', style: { bold: true } }, plain('tail more')];
    const { lines } = layoutLines(spans, opts(50));
    expect(lines.map((l) => l.pieces.map((p) => p.text).join(''))).toEqual(['xx', 'boldtail', 'more']);
    expect(lines.map((l) => l.width)).toEqual([10, 40, 20]);
    expect(lines[1].pieces.map((p) => p.style.bold ?? false)).toEqual([true, false]);
  });

  it('cuts a word wider than the line between characters', () => {
    expect(texts([plain('x'.repeat(20))], opts(40))).toEqual(['xxxxxxxx', 'xxxxxxxx', 'xxxx']);
    expect(texts([plain('ab ' + 'y'.repeat(10))], opts(40))).toEqual(['ab', 'yyyyyyyy', 'yy']);
  });

  it('starts a new line at hard breaks', () => {
    expect(texts([plain('one\ntwo'), plain('\n\nthree')], opts(100))).toEqual(['one', 'two', '', 'three']);
  });

  it('keeps indentation and tabs in code, and wraps long code lines', () => {
    expect(texts([plain('\tif (x)  y')], opts(200, { preserveSpaces: true }))).toEqual(['    if (x)  y']);
    expect(texts([plain('  aaaa bbbb')], opts(40, { preserveSpaces: true }))).toEqual(['  aaaa ', 'bbbb']);
  });

  it('gives one empty line for empty text and counts characters no font covers', () => {
    expect(layoutLines([], opts(40)).lines).toEqual([{ pieces: [], width: 0 }]);
    expect(layoutLines([plain('中 x')], opts(40)).missing).toBe(1);
  });
});
