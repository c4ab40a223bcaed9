import { given } from '@app/platform/testing/given';
import { BadRequest } from '@app/platform';
import { mcpServer, McpServerCommand, McpServerEvent, McpServerNotFound } from './mcp-server';
import { checkHeaders, headersProblem, maskHeaders, MASKED, mergeHeaders, sameHeaders } from './mcp-server-headers';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const at = (iso: string) => new Date(iso);
const fields = { name: 'Search', url: 'https://mcp.example.com/sse', headerNames: ['Authorization'], sealedHeaders: 'sealed-1' };
const ids = { mcpServerId: 'm1', siteId: 's1', organizationId: 'o1' };
const create: McpServerCommand = { type: 'CreateMcpServer', ...ids, ...fields };
const created: McpServerEvent = { type: 'SiteMcpServerCreated', data: { ...ids, ...fields, createdAt: T0 } };
const update = (changes: object, siteId = 's1'): McpServerCommand => ({ type: 'UpdateMcpServer', mcpServerId: 'm1', siteId, changes });
const updated = (changes: object): McpServerEvent => ({ type: 'SiteMcpServerUpdated', data: { mcpServerId: 'm1', siteId: 's1', changes, updatedAt: T1 } });
const del = (siteId = 's1'): McpServerCommand => ({ type: 'DeleteMcpServer', mcpServerId: 'm1', siteId });
const deleted: McpServerEvent = { type: 'SiteMcpServerDeleted', data: { mcpServerId: 'm1', siteId: 's1', deletedAt: T1 } };

describe('MCP server decider', () => {
  it('creates once', () => {
    given(mcpServer).whenCommand(create, at(T0)).then([created]);
    given(mcpServer, created).whenCommand(create).thenNothing();
  });

  it('name 1..100, url an absolute http(s) URL of at most 2048 characters', () => {
    for (const bad of [
      { name: '' },
      { name: 'x'.repeat(101) },
      { url: 'ftp://mcp.example.com' },
      { url: 'not a url' },
      { url: `https://e.com/${'a'.repeat(2048)}` },
    ]) {
      given(mcpServer)
        .whenCommand({ ...create, ...bad })
        .thenThrows(BadRequest);
      given(mcpServer, created).whenCommand(update(bad)).thenThrows(BadRequest);
    }
  });

  it('updates only what changes; new header values always count (the handler compared them in clear)', () => {
    given(mcpServer, created)
      .whenCommand(update({ name: 'Search', url: 'https://mcp.example.com/v2' }), at(T1))
      .then([updated({ url: 'https://mcp.example.com/v2' })]);
    given(mcpServer, created)
      .whenCommand(update({ headerNames: ['X-Key'], sealedHeaders: 'sealed-2' }), at(T1))
      .then([updated({ sealedHeaders: 'sealed-2', headerNames: ['X-Key'] })]);
    given(mcpServer, created)
      .whenCommand(update({ name: 'Search' }))
      .thenNothing();
  });

  it('an unknown, deleted or other site’s server is not found; deletes answer 205 once, then 204', () => {
    given(mcpServer)
      .whenCommand(update({ name: 'x' }))
      .thenThrows(McpServerNotFound);
    given(mcpServer, created, deleted)
      .whenCommand(update({ name: 'x' }))
      .thenThrows(McpServerNotFound);
    given(mcpServer, created)
      .whenCommand(update({ name: 'x' }, 's2'))
      .thenThrows(McpServerNotFound);
    given(mcpServer, created).whenCommand(del(), at(T1)).then([deleted]);
    given(mcpServer, created, deleted).whenCommand(del()).thenNothing();
    given(mcpServer).whenCommand(del()).thenNothing();
    given(mcpServer, created).whenCommand(del('s2')).thenNothing();
  });
});

describe('MCP server headers', () => {
  it('accepts header names and values within the reference limits', () => {
    expect(checkHeaders({ Authorization: 'Bearer abc', 'X-Api-Key': 'k' })).toEqual({ Authorization: 'Bearer abc', 'X-Api-Key': 'k' });
    expect(headersProblem({})).toBeNull();
  });

  it('names the header and the rule', () => {
    expect(headersProblem([])).toBe('headers: must be an object of header names to string values');
    expect(headersProblem({ 'Bad Name': 'x' })).toMatch(/^headers\.Bad Name: the name must be an HTTP header name/);
    expect(headersProblem(JSON.parse('{"__proto__": "x"}'))).toMatch(/^headers\.__proto__: the name must be an HTTP header name/);
    expect(headersProblem({ 'X-A': '' })).toBe('headers.X-A: must be a string of 1 to 512 characters');
    expect(headersProblem({ 'X-A': 'x'.repeat(513) })).toBe('headers.X-A: must be a string of 1 to 512 characters');
    expect(headersProblem({ 'X-A': 1 })).toBe('headers.X-A: must be a string of 1 to 512 characters');
    expect(headersProblem({ 'X-A': 'a\r\nSet-Cookie: x' })).toBe('headers.X-A: must not contain line breaks or control characters');
    expect(headersProblem({ 'X-A': 'a', 'x-a': 'b' })).toMatch(/^headers\.x-a: the same header is given twice/);
    expect(headersProblem(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`H${i}`, 'v'])))).toBe('headers: at most 50 headers');
    expect(() => checkHeaders({ 'X-A': '' })).toThrow(BadRequest);
  });

  it('a masked value sent back keeps the stored one; the given map replaces the rest', () => {
    const stored = { Authorization: 'Bearer secret', 'X-Old': 'old' };
    expect(mergeHeaders(stored, { authorization: MASKED, 'X-New': 'new' })).toEqual({ authorization: 'Bearer secret', 'X-New': 'new' });
    expect(mergeHeaders(stored, {})).toEqual({});
    expect(() => mergeHeaders(stored, { 'X-Unknown': MASKED })).toThrow(/has no header X-Unknown/);
  });

  it('answers masked values and compares maps exactly', () => {
    expect(maskHeaders(['Authorization'])).toEqual({ Authorization: MASKED });
    expect(sameHeaders({ a: '1' }, { a: '1' })).toBe(true);
    expect(sameHeaders({ a: '1' }, { a: '2' })).toBe(false);
    expect(sameHeaders({ a: '1' }, { a: '1', b: '2' })).toBe(false);
  });
});
