/** Markdown or HTML message bodies as plain sentences (tags, code fences and links reduced to text). */
export function plainText(body: string): string {
  return (
    body
      // Typographic apostrophes and quotes (phones, pasted email) read as plain ones: the rules match `'`.
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/<br\s*\/?>|<\/p>|<\/li>|<\/div>/gi, '\n')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/```[a-z]*\n?/gi, '\n')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[*_#>]+/g, ' ')
  );
}

/** Sentences: split at . ! ? followed by space, and at line breaks; whitespace collapsed. */
export function sentences(body: string): string[] {
  return plainText(body)
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 3);
}
