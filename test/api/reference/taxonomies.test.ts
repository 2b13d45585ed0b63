/**
 * GET /taxonomies over HTTP: the frontend dimensions of the sample snapshot (produktbereich, einsatzbereich;
 * personen is not public) plus a non-frontend `wetter`, a frontend `anbauart` that ties on position with
 * einsatzbereich and has a four-level tree with ties on position, and a frontend dimension without terms.
 */
import { editRecords } from '../../support/snapshot';
import { startStack, type Stack } from '../../support/stack';
import { expectNamedColumns, expectNotFound, expectOnlyGet, recordQueries } from './fixture';
import type { TaxonomyTermNode } from '../../support/types';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    index: false,
    catalog: async (dir) => {
      await editRecords(dir, 'taxonomies.ndjson', (records) => [
        ...records,
        { id: 4, slug: 'wetter', label: 'Wetter', frontend: false, position: 0 },
        { id: 5, slug: 'anbauart', label: 'Anbauart', frontend: true, position: 2 },
        { id: 6, slug: 'leer', label: 'Leer', frontend: true, position: 9 },
      ]);
      await editRecords(dir, 'taxons.ndjson', (records) => [
        ...records,
        { id: 118, taxonomy_id: 4, parent_id: null, slug: 'regen', name: 'Regen', position: 1 },
        { id: 119, taxonomy_id: 5, parent_id: null, slug: 'heck', name: 'Heck', position: 1 },
        { id: 120, taxonomy_id: 5, parent_id: null, slug: 'front', name: 'Front', position: 1 },
        { id: 121, taxonomy_id: 5, parent_id: 120, slug: 'frontlader', name: 'Frontlader', position: 1 },
        { id: 122, taxonomy_id: 5, parent_id: 121, slug: 'schwinge', name: 'Schwinge', position: 1 },
        {
          id: 123,
          taxonomy_id: 5,
          parent_id: 122,
          slug: 'parallelfuehrung',
          name: 'Parallelführung',
          position: 1,
        },
        { id: 124, taxonomy_id: 5, parent_id: null, slug: 'seitlich', name: 'Seitlich' },
      ]);
    },
  });
});
afterAll(() => stack.stop());

/** A term of `taxonomy` (`[id, slug]`) in the wire form. */
const term =
  (taxonomy: [number, string]) =>
  (
    id: number,
    parent: number | null,
    slug: string,
    names: string,
    position: number,
    children: TaxonomyTermNode[] = [],
  ): TaxonomyTermNode => ({
    id,
    taxonomy_id: taxonomy[0],
    taxonomy_slug: taxonomy[1],
    parent_id: parent,
    slug,
    names,
    position,
    children,
  });

const pb = term([1, 'produktbereich']);
const eb = term([2, 'einsatzbereich']);
const aa = term([5, 'anbauart']);

const EXPECTED = [
  {
    id: 1,
    slug: 'produktbereich',
    labels: 'Produktbereich',
    position: 1,
    terms: [
      pb(101, null, 'erntetechnik', 'Erntetechnik', 1, [
        pb(102, 101, 'pressen', 'Pressen', 1, [
          pb(103, 102, 'rundballenpressen', 'Rundballenpressen', 1),
          pb(104, 102, 'press-wickel-kombinationen', 'Press-Wickel-Kombinationen', 2),
        ]),
      ]),
      pb(105, null, 'frontladertechnik', 'Frontladertechnik', 2, [
        pb(106, 105, 'frontlader', 'Frontlader', 1),
        pb(107, 105, 'werkzeuge', 'Werkzeuge und Anbaugeräte', 2, [
          pb(108, 107, 'schaufeln', 'Schaufeln', 1),
          pb(109, 107, 'ballenhandling', 'Ballenhandling', 2),
        ]),
      ]),
      pb(110, null, 'ersatzteile', 'Ersatzteile', 3),
    ],
  },
  {
    id: 5,
    slug: 'anbauart',
    labels: 'Anbauart',
    position: 2,
    terms: [
      aa(124, null, 'seitlich', 'Seitlich', 0),
      aa(120, null, 'front', 'Front', 1, [
        aa(121, 120, 'frontlader', 'Frontlader', 1, [
          aa(122, 121, 'schwinge', 'Schwinge', 1, [aa(123, 122, 'parallelfuehrung', 'Parallelführung', 1)]),
        ]),
      ]),
      aa(119, null, 'heck', 'Heck', 1),
    ],
  },
  {
    id: 2,
    slug: 'einsatzbereich',
    labels: 'Einsatzbereich',
    position: 2,
    terms: [
      eb(111, null, 'gruenland', 'Grünland', 1, [
        eb(112, 111, 'silage', 'Silage', 1),
        eb(113, 111, 'heu-und-stroh', 'Heu und Stroh', 2),
      ]),
      eb(114, null, 'hof-und-stall', 'Hof und Stall', 2),
      eb(115, null, 'ballenhandling', 'Ballenhandling', 3),
    ],
  },
  { id: 6, slug: 'leer', labels: 'Leer', position: 9, terms: [] },
];

describe('GET /taxonomies', () => {
  it('returns the frontend dimensions by position, then slug, each with its term tree at every depth', async () => {
    const body = await stack.api.json<{ data: { terms: TaxonomyTermNode[] }[] }>('/taxonomies');
    expect(body).toEqual({ data: EXPECTED });
    expect(Object.keys(body)).toEqual(['data']);
    expect(Object.keys(body.data[0]!)).toEqual(['id', 'slug', 'labels', 'position', 'terms']);
    expect(Object.keys(body.data[0]!.terms[0]!.children[0]!)).toEqual([
      'id',
      'taxonomy_id',
      'taxonomy_slug',
      'parent_id',
      'slug',
      'names',
      'position',
      'children',
    ]);
  });

  it('never shows a non-frontend dimension or its terms', async () => {
    const text = JSON.stringify(await stack.api.json('/taxonomies'));
    for (const hidden of ['personen', 'produktmanagement', 'jana-vogt', 'Jana Vogt', 'wetter', 'regen']) {
      expect(text).not.toContain(hidden);
    }
  });

  it('ignores query parameters and reads named columns in two queries', async () => {
    const queries = await recordQueries(stack.api.deps.db, async () => {
      expect(await stack.api.json('/taxonomies?frontend=0&slug=personen&page=2')).toEqual({ data: EXPECTED });
    });
    expect(queries).toHaveLength(2);
    expectNamedColumns(queries);
  });

  it('has no detail path on the public API', async () => {
    await expectNotFound(stack.api, '/taxonomies/produktbereich');
  });

  it('answers other methods with 405 and Allow: GET, HEAD', async () => {
    await expectOnlyGet(stack.api, '/taxonomies');
  });
});
