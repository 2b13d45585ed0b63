/**
 * Query-string parsing and the pagination envelope against `../shared/laravel-wire-conventions.md`.
 */
import { pageWindow, paginate, parsePage, parsePerPage, linkQuery } from '../../src/http/pagination';
import { parsePhpQuery } from '../../src/http/query';

describe('query strings follow PHP rules', () => {
  it.each([
    ['ids[]=1&ids[]=2', { ids: ['1', '2'] }],
    ['ids=1', { ids: '1' }],
    ['ids=1&ids=2', { ids: '2' }],
    ['ids[]=1&ids=2', { ids: '2' }],
    ['ids=1&ids[]=2', { ids: ['2'] }],
    ['taxons[0]=a:b&taxons[1]=c:d', { taxons: ['a:b', 'c:d'] }],
    ['taxons=a%3Ab,c:d', { taxons: 'a:b,c:d' }],
    ['search=M%C3%A4hwerk+SM&page=2', { search: 'Mähwerk SM', page: '2' }],
    ['search=&flag', { search: '', flag: '' }],
    ['search=100%&x=%zz', { search: '100%', x: '%zz' }],
    ['?a=1', { a: '1' }],
    ['__proto__=1&[]=2', {}],
    ['a.b=1&a+c=2&+d=3&e[=4&f%00g=5&h[x]y=6', { a_b: '1', a_c: '2', d: '3', e_: '4', f: '5', h: ['6'] }],
    [`${'x=1&'.repeat(1000)}page=2`, { x: '1' }],
  ])('%s', (raw, expected) => {
    expect({ ...parsePhpQuery(raw) }).toEqual(expected);
  });
});

describe('the query of the page links is what withQueryString() writes', () => {
  it.each([
    ['search=RP+125&taxons[]=a:b&taxons[]=c:d', 'search=RP%20125&taxons%5B0%5D=a%3Ab&taxons%5B1%5D=c%3Ad'],
    ['foo=&bar=%20%20&baz', ''],
    ['page=3&x=1&page=4', 'x=1'],
    ['d=1&x=2&d=3', 'd=3&x=2'],
    ['a.b=1&n[x][y]=1&n[x][]=2', 'a_b=1&n%5Bx%5D%5By%5D=1&n%5Bx%5D%5B0%5D=2'],
    ['a[]=&a[]=x', 'a%5B1%5D=x'],
    ['5=x&b=1&7=y', '0=x&b=1&1=y'],
    ["q=!'()*~%C3%A4%FF", 'q=%21%27%28%29%2A~%C3%A4%FF'],
  ])('%s → %s', (raw, expected) => {
    expect(linkQuery(raw)).toBe(expected);
  });
});

describe('page and per_page', () => {
  it.each([
    ['1', 1],
    ['7', 7],
    ['0', 1],
    ['-1', 1],
    ['4abc', 1],
    ['4.0', 1],
    ['', 1],
    [undefined, 1],
    [['2'], 1],
    ['04', 1],
    ['+4', 4],
    [' 4 ', 4],
    ['\t4\n', 4],
    ['-0', 1],
    ['1e1', 1],
    ['0x1A', 1],
    ['9007199254740991', 9007199254740991],
    ['9007199254740992', 1],
  ])('page %p is %p', (value, expected) => {
    expect(parsePage(value)).toBe(expected);
  });

  it.each([
    [undefined, 15],
    ['50', 50],
    ['500', 100],
    ['0', 1],
    ['-3', 1],
    ['ten', 15],
    ['2.5', 15],
    [' 5 ', 5],
  ])('per_page %p is %p (default 15, max 100)', (value, expected) => {
    expect(parsePerPage(value, { default: 15, max: 100 })).toBe(expected);
  });
});

describe('page-link window (3 on each side)', () => {
  it('lists every page below 14 pages', () => {
    expect(pageWindow(5, 13)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });
  it('near the beginning: 1–10, ..., last two', () => {
    expect(pageWindow(7, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, '...', 19, 20]);
  });
  it('near the end: first two, ..., last ten', () => {
    expect(pageWindow(14, 20)).toEqual([1, 2, '...', 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });
  it('in the middle: first two, ..., current ± 3, ..., last two', () => {
    expect(pageWindow(10, 20)).toEqual([1, 2, '...', 7, 8, 9, 10, 11, 12, 13, '...', 19, 20]);
  });
});

describe('the envelope', () => {
  const path = 'http://localhost:3000/api/v1/products';

  it('has Laravel key order, numbered labels as strings and keeps the filters in every URL', () => {
    const query = { taxons: ['produktbereich:pressen'], search: 'RP 125', page: '2', per_page: '2' };
    const body = paginate(['c', 'd'], 5, { path, query, page: 2, perPage: 2 });
    expect(Object.keys(body)).toEqual(['data', 'links', 'meta']);
    expect(Object.keys(body.links)).toEqual(['first', 'last', 'prev', 'next']);
    expect(Object.keys(body.meta)).toEqual([
      'current_page',
      'from',
      'last_page',
      'links',
      'path',
      'per_page',
      'to',
      'total',
    ]);
    const url = (page: number) =>
      `${path}?taxons%5B0%5D=produktbereich%3Apressen&search=RP%20125&per_page=2&page=${page}`;
    expect(body.links).toEqual({ first: url(1), last: url(3), prev: url(1), next: url(3) });
    expect(body.meta).toEqual({
      current_page: 2,
      from: 3,
      last_page: 3,
      links: [
        { url: url(1), label: '&laquo; Previous', active: false },
        { url: url(1), label: '1', active: false },
        { url: url(2), label: '2', active: true },
        { url: url(3), label: '3', active: false },
        { url: url(3), label: 'Next &raquo;', active: false },
      ],
      path,
      per_page: 2,
      to: 4,
      total: 5,
    });
    expect(parsePhpQuery(new URL(body.links.next!).search)).toEqual({ ...query, page: '3' });
  });

  it('an empty list has from and to null and one page', () => {
    const body = paginate([], 0, { path, query: {}, page: 1, perPage: 15 });
    expect(body.meta).toMatchObject({ current_page: 1, from: null, to: null, last_page: 1, total: 0 });
    expect(body.links.prev).toBeNull();
    expect(body.links.next).toBeNull();
    expect(body.meta.links.map((l) => l.label)).toEqual(['&laquo; Previous', '1', 'Next &raquo;']);
  });

  it('a page beyond the last keeps its number, is empty, points back and not forward', () => {
    const body = paginate([], 30, { path, query: {}, page: 9, perPage: 15 });
    expect(body.meta).toMatchObject({ current_page: 9, from: null, to: null, last_page: 2 });
    expect(body.links.prev).toBe(`${path}?page=8`);
    expect(body.links.next).toBeNull();
  });
});
