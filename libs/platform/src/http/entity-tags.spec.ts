import { entityTag, ifNoneMatches, parseTagList, strongMatch, weakMatch } from './entity-tags';

describe('entity tags', () => {
  it('differ when the body, the revision or the stream differs, and are quoted', () => {
    const base = entityTag('spaces.space-1', 3, '{"title":"A"}');
    expect(base).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(entityTag('spaces.space-1', 3, '{"title":"A"}')).toBe(base);
    expect(entityTag('spaces.space-1', 3, '{"title":"B"}')).not.toBe(base);
    expect(entityTag('spaces.space-1', 4, '{"title":"A"}')).not.toBe(base);
    expect(entityTag('spaces.space-2', 3, '{"title":"A"}')).not.toBe(base);
    expect(entityTag(null, null, '{"title":"A"}')).not.toBe(base);
  });

  it('parses *, lists, weak tags, and refuses malformed headers', () => {
    expect(parseTagList('*')).toBe('*');
    expect(parseTagList('"a"')).toEqual([{ weak: false, tag: '"a"' }]);
    expect(parseTagList(' "a" , W/"b",""')).toEqual([
      { weak: false, tag: '"a"' },
      { weak: true, tag: '"b"' },
      { weak: false, tag: '""' },
    ]);
    // Empty list elements are allowed (RFC 9110 §5.6.1).
    expect(parseTagList('"a",')).toEqual([{ weak: false, tag: '"a"' }]);
    expect(parseTagList(['"a"', '"b"'])).toEqual([
      { weak: false, tag: '"a"' },
      { weak: false, tag: '"b"' },
    ]);
    for (const bad of ['', 'a', '"a', '"a" "b"', 'W/', '"a"; x', '*, "a"']) expect([bad, parseTagList(bad)]).toEqual([bad, null]);
  });

  it('If-Match compares strongly, If-None-Match weakly', () => {
    const list = parseTagList('W/"x", "y"')!;
    expect(strongMatch(list, '"x"')).toBe(false);
    expect(strongMatch(list, '"y"')).toBe(true);
    expect(weakMatch(list, '"x"')).toBe(true);
    expect(strongMatch('*', '"z"')).toBe(true);
    expect(strongMatch('*', null)).toBe(false);
    expect(weakMatch('*', null)).toBe(false);
  });

  it('ifNoneMatches: a list holding the tag, weak or strong, matches; another tag, a malformed header or none does not', () => {
    expect(ifNoneMatches('"other", W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatches('"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatches('*', '"abc"')).toBe(true);
    expect(ifNoneMatches('"other"', '"abc"')).toBe(false);
    expect(ifNoneMatches('abc', '"abc"')).toBe(false);
    expect(ifNoneMatches(undefined, '"abc"')).toBe(false);
  });
});
