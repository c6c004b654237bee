/** Builds the links and meta of a paginated answer (SPEC section 3). */
export function buildPagination(input: { path: string; page: number; perPage: number; total: number; count: number; query?: Record<string, string | undefined> }) {
  const lastPage = Math.max(1, Math.ceil(input.total / input.perPage));
  const url = (page: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(input.query ?? {})) if (value !== undefined && value !== '' && key !== 'page') params.set(key, value);
    params.set('page', String(page));
    return `${input.path}?${params.toString()}`;
  };
  const from = input.count === 0 ? null : (input.page - 1) * input.perPage + 1;
  const to = input.count === 0 ? null : (input.page - 1) * input.perPage + input.count;
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
        ...Array.from({ length: lastPage }, (_, i) => ({ url: url(i + 1), label: String(i + 1), active: i + 1 === input.page })).slice(
          Math.max(0, input.page - 4),
          input.page + 3,
        ),
        { url: input.page < lastPage ? url(input.page + 1) : null, label: 'Next &raquo;', active: false },
      ],
      path: input.path,
      per_page: input.perPage,
      to,
      total: input.total,
    },
  };
}
