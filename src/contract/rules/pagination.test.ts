import { describe, expect, it } from 'vitest';
import { buildPagination } from './pagination';

type Input = Parameters<typeof buildPagination>[0];

/**
 * The links of the first implementation (one link built per page of the list, then cut to the
 * window): the answers must stay the same.
 */
function referenceLinks(input: Input) {
  const lastPage = Math.max(1, Math.ceil(input.total / input.perPage));
  const url = (page: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(input.query ?? {}))
      if (value !== undefined && value !== '' && key !== 'page') params.set(key, value);
    params.set('page', String(page));
    return `${input.path}?${params.toString()}`;
  };
  const every = Array.from({ length: lastPage }, (_, i) => ({
    url: url(i + 1),
    label: String(i + 1),
    active: i + 1 === input.page,
  }));
  return {
    links: {
      first: url(1),
      last: url(lastPage),
      prev: input.page > 1 ? url(input.page - 1) : null,
      next: input.page < lastPage ? url(input.page + 1) : null,
    },
    numbered: every.slice(Math.max(0, input.page - 4), input.page + 3),
  };
}

describe('buildPagination', () => {
  it('gives the same links as building every page and cutting the window', () => {
    const queries: Input['query'][] = [
      undefined,
      {},
      { sort: 'client_name', dir: 'asc', statuses: undefined },
      { sort: 'status', dir: 'desc', statuses: 'lead,proposal', q: 'Ö & co=1' },
      { page: '9', q: '' },
    ];
    for (const query of queries) {
      for (const total of [0, 1, 9, 10, 11, 95, 100, 5_000]) {
        for (const page of [1, 2, 3, 4, 5, 9, 10, 11, 499, 500, 501, 100_000]) {
          const count = Math.max(0, Math.min(10, total - (page - 1) * 10));
          const input: Input = { path: '/api/cases', page, perPage: 10, total, count, ...(query ? { query } : {}) };
          const { links, meta } = buildPagination(input);
          const expected = referenceLinks(input);
          expect(links, JSON.stringify(input)).toEqual(expected.links);
          expect(meta.links.slice(1, -1), JSON.stringify(input)).toEqual(expected.numbered);
          expect(meta.links[0]?.url).toBe(expected.links.prev);
          expect(meta.links.at(-1)?.url).toBe(expected.links.next);
        }
      }
    }
  });

  it('links the current page and three either side', () => {
    const links = buildPagination({
      path: '/api/x',
      page: 10,
      perPage: 10,
      total: 5_000,
      count: 10,
      query: { sort: 'a' },
    }).meta.links;
    expect(links.map((l) => l.label)).toEqual([
      '&laquo; Previous',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      'Next &raquo;',
    ]);
    expect(links[4]).toEqual({ url: '/api/x?sort=a&page=10', label: '10', active: true });
  });
});
