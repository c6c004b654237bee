/** Links either side of the current page in `meta.links`. */
const WINDOW = 3;

/**
 * Builds the links and meta of a paginated answer. Only the links it returns
 * are built: the current page and up to three either side, not one per page of the whole list.
 */
export function buildPagination(input: {
  path: string;
  page: number;
  perPage: number;
  total: number;
  count: number;
  query?: Record<string, string | undefined>;
}) {
  const lastPage = Math.max(1, Math.ceil(input.total / input.perPage));
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {}))
    if (value !== undefined && value !== '' && key !== 'page') params.set(key, value);
  const search = params.toString();
  const prefix = `${input.path}?${search ? `${search}&` : ''}page=`;
  const url = (page: number) => `${prefix}${page}`;
  const from = input.count === 0 ? null : (input.page - 1) * input.perPage + 1;
  const to = input.count === 0 ? null : (input.page - 1) * input.perPage + input.count;
  const numbered: { url: string; label: string; active: boolean }[] = [];
  for (let page = Math.max(1, input.page - WINDOW); page <= Math.min(lastPage, input.page + WINDOW); page++) {
    numbered.push({ url: url(page), label: String(page), active: page === input.page });
  }
  return {
    links: {
      first: url(1),
      last: url(lastPage),
      prev: input.page > 1 ? url(input.page - 1) : null,
      next: input.page < lastPage ? url(input.page + 1) : null,
    },
    meta: {
      current_page: input.page,
      from,
      last_page: lastPage,
      links: [
        { url: input.page > 1 ? url(input.page - 1) : null, label: '&laquo; Previous', active: false },
        ...numbered,
        { url: input.page < lastPage ? url(input.page + 1) : null, label: 'Next &raquo;', active: false },
      ],
      path: input.path,
      per_page: input.perPage,
      to,
      total: input.total,
    },
  };
}
