/** Test helper: checks a PDF's cross-reference table; returns the number of objects. */
export function checkXref(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(start, start + 4)).toBe('xref');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(start))!;
  const entries = text
    .slice(start)
    .split('\n')
    .slice(2, 2 + Number(count));
  entries.forEach((e, i) => {
    expect(e.length).toBe(19); // plus the newline: 20 bytes per entry
    if (i === 0) return expect(e).toBe('0000000000 65535 f ');
    const offset = Number(e.slice(0, 10));
    expect(text.slice(offset, offset + `${Number(first) + i} 0 obj`.length)).toBe(`${Number(first) + i} 0 obj`);
  });
  return Number(count) - 1;
}
