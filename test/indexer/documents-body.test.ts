/** The JSON of addDocuments bodies (indexer/documents-body.ts): the same value, one byte per character. */
import { latin1Json } from '../../indexer/documents-body';

describe('latin1Json', () => {
  it('writes the same JSON value, characters beyond Latin-1 as escapes', () => {
    const doc = {
      id: 7,
      name: 'Mähwerk „Profi“ – 3 m',
      emoji: 'Traktor 🚜',
      latin: 'Größe ½',
      n: [1.5, null],
    };
    const json = latin1Json(doc);
    expect(JSON.parse(json)).toEqual(doc);
    expect(json).not.toMatch(/[\u0100-\uffff]/);
    expect(json).toContain('Mähwerk \\u201eProfi\\u201c \\u2013 3 m');
    expect(json).toContain('\\ud83d\\ude9c');
  });

  it('leaves JSON without such characters as JSON.stringify writes it', () => {
    const doc = { id: 1, name: 'Kreiselmäher', tags: ['a', 'b'] };
    expect(latin1Json(doc)).toBe(JSON.stringify(doc));
  });
});
