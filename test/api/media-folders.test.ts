/**
 * GET /media-folders over HTTP: the public tree of the sample snapshot (401 › 402 › 403; 404 inactive and 405
 * role-restricted are not public), and an edited copy with a fourth level, ties on position and folders
 * below hidden ones.
 */
import { editRecords } from '../support/snapshot';
import { startStack, type Stack } from '../support/stack';
import { expectNamedColumns, expectOnlyGet, recordQueries } from './reference/fixture';
import type { Data, MediaFolder } from '../support/types';

const folders = async (stack: Stack) => (await stack.api.json<Data<MediaFolder[]>>('/media-folders')).data;

describe('the sample snapshot', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ index: false });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('returns the public tree with every field; the third level has no children key', async () => {
    expect(await folders(stack)).toEqual([
      {
        id: 401,
        name: 'Produktbilder',
        path: 'Produktbilder',
        slug: 'produktbilder',
        description: 'Freigegebene Produktfotos und Freisteller',
        parent_id: null,
        position: 1,
        children: [
          {
            id: 402,
            name: 'Rundballenpressen',
            path: 'Produktbilder / Rundballenpressen',
            slug: 'produktbilder-rundballenpressen',
            description: null,
            parent_id: 401,
            position: 1,
            children: [
              {
                id: 403,
                name: 'Detailaufnahmen',
                path: 'Produktbilder / Rundballenpressen / Detailaufnahmen',
                slug: 'rundballenpressen-details',
                description: 'Nahaufnahmen von Baugruppen',
                parent_id: 402,
                position: 1,
              },
            ],
          },
        ],
      },
    ]);
  });

  it('ignores query parameters, answers other methods with 405 and runs one query naming its columns', async () => {
    expect((await stack.api.json<Data<MediaFolder[]>>('/media-folders?per_page=1&parent=401')).data).toEqual(
      await folders(stack),
    );
    await expectOnlyGet(stack.api, '/media-folders');
    const queries = await recordQueries(stack.api.deps.db, () => stack.api.json('/media-folders'));
    expect(queries).toHaveLength(1);
    expectNamedColumns(queries);
  });
});

describe('a deeper tree', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      index: false,
      catalog: async (dir) => {
        const folder = (
          id: number,
          name: string,
          parent_id: number | null,
          position: number,
          extra = {},
        ) => ({
          id,
          name,
          slug: `f-${id}`,
          description: null,
          parent_id,
          position,
          is_active: true,
          role_restriction: null,
          ...extra,
        });
        await editRecords(dir, 'media_folders.ndjson', (records) => [
          ...records,
          folder(406, 'Schnitte', 403, 1), // fourth level: not shown
          folder(407, 'Zubehör', null, 1), // ties with 401 on position: by name
          folder(408, 'Anleitungen', null, 2), // ties with 405 (hidden) on position
          folder(409, 'Alt', 404, 1), // below an inactive folder: hidden too
          folder(410, 'Ballen', 402, 2), // after 403 by position although its name sorts first
          folder(411, 'Intern', 401, 0, { role_restriction: 'intern' }),
          folder(412, 'Entwürfe', 407, 1, { is_active: false }),
        ]);
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('sorts by position, then name, and stops at the third level', async () => {
    const tree = await folders(stack);
    expect(tree.map((r) => [r.id, r.children?.map((c) => c.id)])).toEqual([
      [401, [402]],
      [407, []],
      [408, []],
    ]);
    const level2 = tree[0]!.children![0]!;
    expect(level2.children!.map((c) => [c.id, c.path])).toEqual([
      [403, 'Produktbilder / Rundballenpressen / Detailaufnahmen'],
      [410, 'Produktbilder / Rundballenpressen / Ballen'],
    ]);
    for (const level3 of level2.children!) expect(level3).not.toHaveProperty('children');
    const text = JSON.stringify(tree);
    for (const hidden of [404, 405, 406, 409, 411, 412]) expect(text).not.toContain(`"id":${hidden}`);
  });
});
