/**
 * The stored list forms (src/search/list-form.ts): the interval in which a product's form holds, the keys,
 * and a pin of the serializers' output. When the pin fails, the list serializers changed: bump
 * LIST_FORM_VERSION (indexes built by the older version are then serialized from their records until the
 * next reindex) and pin the new output.
 */
import { createHash } from 'node:crypto';
import type { ArticleRecord, CmsMediumRecord, ProductRecord } from '../../src/catalog/records';
import {
  articleListForm,
  LIST_FORM_VERSION,
  listFormKey,
  mediumListForm,
  productListForm,
} from '../../src/search/list-form';

const base = { appUrl: 'https://shop.example', apiBaseUrl: 'https://shop.example/api/v1' };

const medium = (id: number, validUntil: string | null): CmsMediumRecord => ({
  id,
  name: `Bild ${id}`,
  file_name: `bild-${id}.jpg`,
  mime_type: 'image/jpeg',
  type: 'image',
  size: 1234,
  file_path: `media/ab/${'a'.repeat(64)}.jpg`,
  file_sha256: 'a'.repeat(64),
  alt: 'Alt "quoted"',
  title: null,
  caption: null,
  description: 'Zeile 1\nZeile 2 – ü',
  copyright: null,
  license: null,
  ki_status: 'ki_generiert',
  folder: { id: 7, name: 'Ordner', slug: 'ordner' },
  valid_until: validUntil,
  created_at: '2024-01-02T03:04:05.000000Z',
  source: 'media',
  renditions: {
    thumb: {
      path: `renditions/bb/${'b'.repeat(64)}.webp`,
      mime_type: 'image/webp',
      width: 300,
      height: 300,
      fit: 'crop',
    },
    hero: {
      path: `renditions/cc/${'c'.repeat(64)}.webp`,
      mime_type: 'image/webp',
      width: 1920,
      height: null,
      fit: 'max',
    },
  },
  public: true,
  source_id: 'ext-1',
  release_status: 'released',
  release_channels: [],
  keywords: ['a'],
  folder_path: 'Root / Ordner',
});

const product = (linked: CmsMediumRecord[]): ProductRecord => ({
  id: 1,
  slug: 'p',
  objekttyp: 'produkt',
  ordernumber: '100.1',
  names: { de: 'Mähwerk' },
  descriptions: {},
  product_page_url: null,
  features: { breite_m: 2.4 },
  sale_start: null,
  end_of_life: null,
  linked_images: linked,
  uploaded_images: [{ ...medium(9, null), source: 'upload' }],
  articles_count: 2,
  taxons: [],
  created_at: null,
  updated_at: null,
});

const article: ArticleRecord = {
  id: 3,
  type: 'spare',
  type_code: 'ET',
  ordernumber: '900.1',
  names: { de: 'Zinke' },
  short_names: {},
  descriptions: {},
  weight: '1.000',
  customs_tariff_number: null,
  sale_start: null,
  end_of_life: null,
  created_at: null,
  updated_at: null,
};

const T = Date.parse('2026-06-01T00:00:00Z');
/** A stored form's JSON text (the form is base64 of its UTF-8). */
const text = (form: string) => Buffer.from(form, 'base64').toString();
const iso = (ms: number) => new Date(ms).toISOString();

describe('productListForm', () => {
  it('holds from the latest passed valid_until until the first ahead', () => {
    const form = productListForm(
      product([
        medium(1, iso(T - 5000)),
        medium(2, iso(T - 1000)),
        medium(3, iso(T + 2000)),
        medium(4, null),
        medium(5, iso(T + 9000)),
      ]),
      base,
      T,
    );
    expect(form).toMatchObject({ _list_from: T - 1000, _list_until: T + 2000, _list_key: listFormKey(base) });
    const shown = JSON.parse(text((form as { _list: string })._list)) as { images: { id: number }[] };
    expect(shown.images.map((i) => i.id)).toEqual([3, 4, 5]);
  });

  it('holds always without expiring images, and shows the uploads when every link has expired', () => {
    expect(productListForm(product([medium(4, null)]), base, T)).toMatchObject({
      _list_from: null,
      _list_until: null,
    });
    const form = productListForm(product([medium(1, iso(T - 1))]), base, T) as { _list: string };
    expect((JSON.parse(text(form._list)) as { images: { id: number }[] }).images.map((i) => i.id)).toEqual([
      9,
    ]);
  });

  it('makes no form when a valid_until is no time', () => {
    expect(productListForm(product([medium(1, 'soon')]), base, T)).toEqual({});
  });
});

it('keys the forms by version and base URLs (articles by version alone)', () => {
  expect(listFormKey(base)).toBe(`${LIST_FORM_VERSION} https://shop.example https://shop.example/api/v1`);
  expect(articleListForm(article)._list_key).toBe(String(LIST_FORM_VERSION));
});

it('pins the serializers of version 1: a change of their output needs a new LIST_FORM_VERSION', () => {
  const texts = [
    (productListForm(product([medium(1, null), medium(2, iso(T + 1))]), base, T) as { _list: string })._list,
    mediumListForm(medium(5, null), base)._list,
    mediumListForm(medium(5, null), base)._list_cms,
    articleListForm(article)._list,
  ].map(text);
  const digest = createHash('sha256').update(texts.join('\n')).digest('hex');
  expect({ version: LIST_FORM_VERSION, digest }).toEqual({
    version: 1,
    digest: '315e2e1e5157143aa5f4d74aab16b88447219d61c7fe8e1147045691da5db0c6',
  });
});
