/** A rich-text document (reference JSONDocument) of plain paragraphs. */
export function paragraphs(texts: string[]) {
  return {
    object: 'document' as const,
    data: { schemaVersion: 1 },
    nodes: texts.map((text, i) => ({
      object: 'block' as const,
      type: 'paragraph' as const,
      key: `p${i}`,
      isVoid: false,
      data: {},
      nodes: [{ object: 'text' as const, key: `t${i}`, leaves: [{ object: 'leaf' as const, text, marks: [] }] }],
    })),
  };
}
