/**
 * `list` in consecutive parts of at most `size` items: a long list of ids or rows goes to the database in parts, each
 * within what one statement may carry (SQLite's bound-parameter limit, MariaDB's packet size).
 */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let n = 0; n < list.length; n += size) out.push(list.slice(n, n + size));
  return out;
}
