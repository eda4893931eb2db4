/** Filters, search and offset pages of the organization's list endpoints. */

/** True when `filters` is absent or empty, or when `matches` holds for at least one filter. */
export function matchesAnyFilter<F>(
  filters: readonly F[] | undefined,
  matches: (filter: F) => boolean,
): boolean {
  return filters === undefined || filters.length === 0 || filters.some(matches);
}

/** True when `list` is absent or contains `value`. */
export function inList(list: readonly string[] | undefined, value: string | undefined): boolean {
  return list === undefined || (value !== undefined && list.includes(value));
}

/** True when `searchText` is absent or blank, or occurs in `name` (case-insensitive). */
export function matchesSearch(searchText: string | undefined, name: string | undefined): boolean {
  const wanted = searchText?.trim().toLowerCase() ?? "";
  return wanted === "" || (name ?? "").toLowerCase().includes(wanted);
}

/** One page of `items` by offset and limit, with the total. */
export function offsetPage<T>(items: readonly T[], page: { offset: number; limit: number }) {
  return { page: items.slice(page.offset, page.offset + page.limit), totalNumResults: items.length };
}
