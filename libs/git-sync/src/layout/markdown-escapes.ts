/**
 * Titles are text, written inside markdown (a page's `# heading`, a summary link or group
 * heading): backslash escapes keep them text, and reading undoes exactly those escapes.
 */

/** Backslash escapes of ASCII punctuation (CommonMark) stand for the character itself. */
export const unescapeMarkdown = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/** A page's `# heading`: what GitBook escapes there (emphasis, code, links, html), and the backslash. */
export const escapeTitle = (title: string) => title.replace(/[\\*_`[\]<>]/g, (c) => `\\${c}`);

/** A summary link text: what would end the text, and the backslash. */
export const escapeLinkText = (title: string) => title.replace(/[\\[\]]/g, (c) => `\\${c}`);

/** A summary group heading: the backslash, `<` (an anchor must not start inside the title), a trailing `#` run. */
export const escapeHeading = (title: string) => title.replace(/[\\<]/g, (c) => `\\${c}`).replace(/(^|[ \t])(#+)$/, '$1\\$2');
