// Apart from fields.ts and its zod schemas: searches and lists compare regos without them.
/** Rego is stored upper-cased without spaces (spec: vehicle validation). */
export function normaliseRego(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
