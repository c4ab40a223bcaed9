import type { Literal } from 'mdast';
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';
import type { Options as ToMarkdownExtension } from 'mdast-util-to-markdown';
import type { Code, Effects, Extension, State } from 'micromark-util-types';

/**
 * GitBook's block syntax (`{% hint style="info" %}` … `{% endhint %}`) as a micromark flow
 * construct: a line holding only `{% … %}` becomes a `gitbookTag` node, also where it follows a
 * paragraph line directly (GitBook's export writes `text` then `{% endhint %}` with no blank
 * line). Pairing open and end tags into blocks happens on the tree (gitbook-blocks.ts), where
 * sibling order is known.
 */
export interface GitbookTag extends Literal {
  type: 'gitbookTag';
}

declare module 'mdast' {
  interface RootContentMap {
    gitbookTag: GitbookTag;
  }
  interface BlockContentMap {
    gitbookTag: GitbookTag;
  }
}

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    gitbookTag: 'gitbookTag';
  }
}

const LEFT_BRACE = 123;
const RIGHT_BRACE = 125;
const PERCENT = 37;
// micromark's codes: null is the end of input, -5..-3 line endings, -2 tab, -1 virtual space, 32 space.
const isEol = (code: Code) => code === null || code === -5 || code === -4 || code === -3;
const isSpace = (code: Code) => code === -2 || code === -1 || code === 32;

function tokenizeTag(effects: Effects, ok: State, nok: State): State {
  const inside: State = (code) => {
    if (isEol(code)) return nok(code);
    effects.consume(code);
    return code === PERCENT ? closing : inside;
  };
  const closing: State = (code) => {
    if (code !== RIGHT_BRACE) return inside(code);
    effects.consume(code);
    return after;
  };
  // Only blanks may follow the last `%}` on the line; `{% a %} b` stays text.
  const after: State = (code) => {
    if (isEol(code)) {
      effects.exit('gitbookTag');
      return ok(code);
    }
    if (isSpace(code)) {
      effects.consume(code);
      return after;
    }
    return inside(code);
  };
  const open: State = (code) => {
    if (code !== PERCENT) return nok(code);
    effects.consume(code);
    return inside;
  };
  return (code) => {
    if (code !== LEFT_BRACE) return nok(code);
    effects.enter('gitbookTag');
    effects.consume(code);
    return open;
  };
}

export const gitbookTagSyntax: Extension = {
  flow: { [LEFT_BRACE]: { name: 'gitbookTag', tokenize: tokenizeTag } },
};

export const gitbookTagFromMarkdown: FromMarkdownExtension = {
  enter: {
    gitbookTag(token) {
      this.enter({ type: 'gitbookTag', value: this.sliceSerialize(token).trim() }, token);
    },
  },
  exit: {
    gitbookTag(token) {
      this.exit(token);
    },
  },
};

export const gitbookTagToMarkdown: ToMarkdownExtension = {
  handlers: { gitbookTag: (node: GitbookTag) => node.value },
  // Text that would read back as a tag (a paragraph starting with `{%`) is escaped.
  unsafe: [{ character: '{', after: '%', atBreak: true }],
};
