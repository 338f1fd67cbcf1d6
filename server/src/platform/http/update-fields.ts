/**
 * An update writes only the fields its request names, as BladeX's `updateById` skips null fields:
 * an optional field the client left out keeps its stored value (a client that does not know a
 * field cannot clear it by accident); a field sent empty ('' or null) is cleared.
 */
export function namedFields<T extends object>(values: T, input: object): Partial<T> {
  const sent = input as Record<string, unknown>;
  return Object.fromEntries(Object.entries(values).filter(([k]) => sent[k] !== undefined)) as Partial<T>;
}
