/**
 * A write's value for a field, else the stored row's: rules spanning several fields (end after
 * start, a bus trip on the flight's timetable) judge the row as a PATCH will leave it.
 */
export function mergedValue<Row>(
  values: Record<string, unknown>,
  existing: Row | undefined,
  key: keyof Row & string,
): unknown {
  return key in values ? values[key] : existing?.[key];
}

export function mergedDate<Row>(
  values: Record<string, unknown>,
  existing: Row | undefined,
  key: keyof Row & string,
): Date | null {
  const value = mergedValue(values, existing, key);
  return value instanceof Date ? value : null;
}
