import { registerUpcaster, schemaVersionOf, upcast } from './domain-event';

describe('upcasting old event versions on read', () => {
  it('chains upgrades to the current version and leaves current events alone', () => {
    registerUpcaster('TestRenamed', 1, (d) => ({ name: (d as { title: string }).title }));
    registerUpcaster('TestRenamed', 2, (d) => ({ ...(d as object), locale: 'en' }));
    expect(schemaVersionOf('TestRenamed')).toBe(3);
    const v1 = { type: 'TestRenamed', data: { title: 'x' }, metadata: { schemaVersion: 1 } };
    expect(upcast(v1)).toEqual({ type: 'TestRenamed', data: { name: 'x', locale: 'en' }, metadata: { schemaVersion: 3 } });
    const v3 = { type: 'TestRenamed', data: { name: 'y', locale: 'fr' }, metadata: { schemaVersion: 3 } };
    expect(upcast(v3)).toBe(v3);
    expect(v1.data).toEqual({ title: 'x' }); // history is never rewritten
  });
});
