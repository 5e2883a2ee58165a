/** `avatar_url` → `avatarUrl`, at the type level. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** The client-side shape of a wire (snake_case) value: every object key camel-cased, deeply. */
export type Camelize<T> = T extends readonly (infer Item)[]
  ? Camelize<Item>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelCase<K> : K]: Camelize<T[K]> }
    : T;

export function camelCaseKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * Converts a parsed JSON value from the wire convention (snake_case) to the client one (camelCase).
 * The single place where this happens: `apiData` calls it on every parsed answer (DESIGN.md §4).
 */
export function camelize<T>(value: T): Camelize<T>;
export function camelize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => camelize(item));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [camelCaseKey(key), camelize(item)]));
}
