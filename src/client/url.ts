/** URL building with every path parameter percent-encoded. */

/** Query values; arrays repeat the key, undefined drops it. */
export type QueryValue = string | number | boolean | undefined | readonly (string | number | boolean)[];

/**
 * Tagged template for API paths: `` apiPath`/v2/companies/${id}` `` encodes each parameter, so an
 * id such as `../x` cannot change the route.
 */
export function apiPath(strings: TemplateStringsArray, ...params: (string | number)[]): string {
  let out = strings[0] ?? "";
  params.forEach((param, index) => {
    const text = String(param);
    if (text === "") throw new Error(`path parameter ${index + 1} of ${strings.join("{}")} is empty`);
    out += encodeURIComponent(text) + (strings[index + 1] ?? "");
  });
  return out;
}

/** Joins a base URL, a path and a query into one URL string. */
export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(baseUrl + (path.startsWith("/") ? path : `/${path}`));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item));
    else url.searchParams.set(key, String(value));
  }
  return url.toString();
}
