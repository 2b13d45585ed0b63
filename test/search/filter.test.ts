/**
 * Filter expressions for Meilisearch: values quoted and escaped, attribute names whitelisted by shape,
 * checked against the real server's filter parser.
 */
import { startBundledMeilisearch, type BundledMeilisearch } from '../../tools/dev/meilisearch';
import { allOf, anyOf, eq, quote } from '../../src/search/request';

describe('quote', () => {
  it.each([
    ['pressen', '"pressen"'],
    ['5/4" Zoll', '"5/4\\" Zoll"'],
    ['a\\b', '"a\\\\b"'],
    ['a\\" OR is_active = false OR "', '"a\\\\\\" OR is_active = false OR \\""'],
    [42, '"42"'],
  ])('%p → %s', (value, expected) => {
    expect(quote(value)).toBe(expected);
  });
});

describe('expressions', () => {
  it('builds =, IN and AND', () => {
    expect(eq('manufacturer_slugs', 'deutz-fahr')).toBe('manufacturer_slugs = "deutz-fahr"');
    expect(anyOf('taxon_keys', ['produktbereich:pressen', 'x"y'])).toBe(
      'taxon_keys IN ["produktbereich:pressen", "x\\"y"]',
    );
    expect(allOf(['a = "1"', 'b = "2"'])).toBe('(a = "1") AND (b = "2")');
    expect(allOf([])).toBeUndefined();
  });

  it('refuses attribute names that are not plain identifiers', () => {
    expect(() => eq('is_active = true OR id', 'x')).toThrow(/not a filterable attribute name/);
    expect(() => anyOf('', ['x'])).toThrow();
  });
});

describe('against the real Meilisearch 1.21', () => {
  let meili: BundledMeilisearch;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${meili.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${meili.masterKey}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const settle = async (task: Record<string, unknown>) => {
    for (;;) {
      const t = await call('GET', `/tasks/${String(task.taskUid)}`);
      if (t.status === 'succeeded') return;
      if (t.status === 'failed') throw new Error(JSON.stringify(t.error));
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const hits = async (filter: string) =>
    ((await call('POST', '/indexes/docs/search', { filter })).hits as { id: number }[])
      .map((h) => h.id)
      .sort();

  beforeAll(async () => {
    meili = await startBundledMeilisearch();
    await settle(await call('POST', '/indexes', { uid: 'docs', primaryKey: 'id' }));
    await settle(
      await call('PATCH', '/indexes/docs/settings', { filterableAttributes: ['slug', 'is_active'] }),
    );
    await settle(
      await call('POST', '/indexes/docs/documents', [
        { id: 1, slug: 'pressen', is_active: true },
        { id: 2, slug: 'geheim', is_active: false },
        { id: 3, slug: '5/4" Zoll \\ mit Backslash', is_active: true },
      ]),
    );
  }, 60_000);
  afterAll(() => meili?.stop());

  it('an injected OR stays part of one quoted value and widens nothing', async () => {
    expect(await hits(eq('slug', 'a" OR is_active = false OR "'))).toEqual([]);
    expect(await hits(eq('slug', 'x\\" OR is_active = false OR slug = \\"'))).toEqual([]);
  });

  it('values with quotes and backslashes still match themselves exactly', async () => {
    expect(await hits(eq('slug', '5/4" Zoll \\ mit Backslash'))).toEqual([3]);
    expect(await hits(allOf([anyOf('slug', ['pressen', 'geheim']), eq('is_active', true)])!)).toEqual([1]);
  });
});
