/**
 * Fan-out rules over the real sample catalog: which candidate ids each kind of outbox row yields per
 * index (planChanges), coalescing, and the rows that touch nothing.
 */
import type { OutboxRow } from '../../indexer/fanout';
import { planChanges } from '../../indexer/fanout';
import { silentLogger } from './harness';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let nextId = 1;

beforeAll(async () => {
  stack = await startStack({ api: false, index: false });
});

afterAll(() => stack.stop());

/** Plans rows given as `entity:id` (action upsert) or `entity:id:delete`. */
function plan(...specs: string[]) {
  const rows: OutboxRow[] = specs.map((spec) => {
    const [entity, entityId, action] = spec.split(':');
    return {
      id: nextId++,
      entity: entity!,
      entity_id: entityId!,
      action: action === 'delete' ? 'delete' : 'upsert',
    };
  });
  return planChanges(stack.database.db, rows, silentLogger);
}

const touched = async (...specs: string[]) => {
  const p = await plan(...specs);
  return { ...p.ids, rebuild: [...p.rebuild].sort(), synonyms: p.synonyms };
};

const nothing = { products: [], articles: [], media: [], rebuild: [], synonyms: false };

describe('fan-out of one changed record', () => {
  it('product: that product', async () => {
    expect(await touched('product:1004')).toEqual({ ...nothing, products: [1004] });
  });

  it('a deleted product: still a candidate, so documents() can drop it', async () => {
    expect(await touched('product:777:delete')).toEqual({ ...nothing, products: [777] });
  });

  it('product_upload: its product; a deleted upload (gone from the table) yields nothing', async () => {
    expect(await touched('product_upload:9003')).toEqual({ ...nothing, products: [1007] });
    expect(await touched('product_upload:9999:delete')).toEqual(nothing);
  });

  it('article: the article and every product linking it', async () => {
    expect(await touched('article:2009')).toEqual({
      ...nothing,
      articles: [2009],
      products: [1002, 1003, 1004],
    });
    expect(await touched('article:2020')).toEqual({ ...nothing, articles: [2020] });
  });

  it('taxon: products of the taxon and of every descendant', async () => {
    // 101 erntetechnik > 102 pressen > 103 rundballenpressen (1001-1003), 104 (1004)
    expect((await touched('taxon:101')).products).toEqual([1001, 1002, 1003, 1004]);
    expect((await touched('taxon:102')).products).toEqual([1001, 1002, 1003, 1004]);
    expect((await touched('taxon:103')).products).toEqual([1001, 1002, 1003]);
    // 105 frontladertechnik > 106 (1005-1007), 107 > 108 (none), 109 (1008)
    expect(await touched('taxon:105')).toEqual({ ...nothing, products: [1005, 1006, 1007, 1008] });
    expect((await touched('taxon:108')).products).toEqual([]);
  });

  it('taxonomy: a full rebuild of products', async () => {
    expect(await touched('taxonomy:2')).toEqual({ ...nothing, rebuild: ['products'] });
  });

  it('manufacturer: the products linked to it', async () => {
    expect(await touched('manufacturer:11')).toEqual({ ...nothing, products: [1006, 1007] });
    expect(await touched('manufacturer:14')).toEqual(nothing);
  });

  it('media: the medium and the products linking it', async () => {
    expect(await touched('media:5001')).toEqual({ ...nothing, media: [5001], products: [1001, 1002] });
    expect(await touched('media:5012')).toEqual({ ...nothing, media: [5012], products: [1002] });
  });

  it('media_folder: media in the folder and its subfolders, and their products', async () => {
    // 402 holds 5001 5002 5004 5006 5007 5011; its subfolder 403 holds 5003 5005
    expect(await touched('media_folder:402')).toEqual({
      ...nothing,
      media: [5001, 5002, 5003, 5004, 5005, 5006, 5007, 5011],
      products: [1001, 1002, 1003, 1004],
    });
    expect(await touched('media_folder:403')).toEqual({
      ...nothing,
      media: [5003, 5005],
      products: [1002, 1003],
    });
    expect(await touched('media_folder:405')).toEqual({ ...nothing, media: [5016], products: [1006] });
  });

  it('synonyms: the synonyms settings', async () => {
    expect(await touched('synonyms:all')).toEqual({ ...nothing, synonyms: true });
  });

  it('image formats, tractor series and models, users: nothing', async () => {
    expect(await touched('image_format:thumb', 'tractor_series:21', 'tractor_model:31', 'user:1')).toEqual(
      nothing,
    );
  });

  it('an unknown entity or a malformed id: nothing, and the unknown row is reported', async () => {
    const p = await plan('widget:5', 'product:abc', 'product:99999999999');
    expect(p.unknown.map((r) => r.entity)).toEqual(['widget']);
    expect({ ...p.ids, rebuild: [...p.rebuild], synonyms: p.synonyms }).toEqual(nothing);
  });
});

describe('fan-out of a round', () => {
  it('coalesces: the same record three times is one candidate', async () => {
    expect(await touched('product:1002', 'product:1002:delete', 'product:1002')).toEqual({
      ...nothing,
      products: [1002],
    });
  });

  it('unites the candidates of every row, ascending', async () => {
    expect(await touched('manufacturer:13', 'product_upload:9001', 'article:2001', 'media:5009')).toEqual({
      ...nothing,
      products: [1002, 1006, 1008],
      articles: [2001],
      media: [5009],
    });
  });

  it('a `*` row rebuilds the indexes that entity feeds, and drops their single ids', async () => {
    expect(await touched('article:*', 'article:2009')).toEqual({
      ...nothing,
      rebuild: ['articles', 'products'],
    });
    expect(await touched('media:*', 'article:2009')).toEqual({
      ...nothing,
      articles: [2009],
      rebuild: ['media', 'products'],
    });
    expect(await touched('product:*', 'media_folder:403')).toEqual({
      ...nothing,
      media: [5003, 5005],
      rebuild: ['products'],
    });
  });

  it('needs two queries whatever the number of rows', async () => {
    let queries = 0;
    const count = () => queries++;
    stack.database.db.on('query', count);
    try {
      const specs = Array.from({ length: 500 }, (_, i) => `taxon:${101 + (i % 17)}`);
      await plan(...specs, 'media_folder:401', 'article:2001', 'manufacturer:11', 'product_upload:9003');
    } finally {
      stack.database.db.off('query', count);
    }
    expect(queries).toBe(2);
  });
});
