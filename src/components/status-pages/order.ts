/** Moves the item at `from` by `step` places (-1 up, +1 down); the same list when it would leave either end. */
export function moved<T>(list: T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
