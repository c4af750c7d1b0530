/**
 * The expected envelope of a page of a plain list: `query` is what the links carry before `page` and
 * `limit` (already encoded, ending with `&`, or empty).
 */
export function plainPage(base: string, query: string, page: number, limit: number, pages: number, total: number, items: unknown[]) {
  const href = (n: number) => ({ href: `${base}?${query}page=${n}&limit=${limit}` });
  return {
    page,
    limit,
    pages,
    total,
    _links: { self: href(page), first: href(1), last: href(pages), ...(page < pages && { next: href(page + 1) }), ...(page > 1 && { previous: href(page - 1) }) },
    _embedded: { items },
  };
}
