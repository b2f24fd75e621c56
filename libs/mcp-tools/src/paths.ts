/** A path segment from tool input: encoded so an id can never change the route. */
export const seg = (value: string) => encodeURIComponent(value);

type QueryValue = string | number | boolean | string[] | undefined | null;

/** `?a=1&b=x,y` from the defined values; arrays are sent comma-separated. */
export function queryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The defined fields of an object (undefined ones dropped, null kept: it clears a field). */
export function definedFields(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}
