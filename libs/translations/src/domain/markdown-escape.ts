/**
 * Translated text written back into markdown, so it reads as the text it is: characters that
 * would start markup (emphasis, code, links, HTML, strikethrough, math, entities, GitBook tags)
 * are backslash-escaped, line breaks become spaces (a paragraph's later lines may carry a list's
 * or a quote's indentation), and in a table cell `|` is escaped. `atLineStart`: the text opens
 * a line (a paragraph's or a heading's first text), where `#`, `>`, `-`, `+` and `1.` start blocks.
 */
export function escapeMarkdownText(text: string, opts: { atLineStart: boolean; inTable: boolean }): string {
  let s = text
    .replace(/\r?\n|\r/g, ' ')
    .replace(/[\\`*_[\]<>~]/g, '\\$&')
    .replace(/\$(?=\$)/g, '\\$')
    .replace(/\{%/g, '{\\%')
    .replace(/&(?=#?[a-z0-9]+;)/gi, '\\&');
  if (opts.inTable) s = s.replace(/\|/g, '\\|');
  if (opts.atLineStart)
    s = s.replace(/^(\s*)(#|[-+=](?=\s|$)|(\d{1,9})([.)])(?=\s|$))/, (_m, sp: string, mark: string, digits?: string, dot?: string) =>
      digits ? `${sp}${digits}\\${dot}` : `${sp}\\${mark}`,
    );
  return s;
}
