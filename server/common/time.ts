import { formatLocalDateTime } from '../../shared/school-time.js';

/** Timestamps are stored as ISO-8601 UTC strings: portable across SQLite and MariaDB, sortable as text. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** 'YYYY-MM-DD HH:mm:ss' of an instant in the school's time zone: shared/school-time.ts, which the web uses too. */
export { formatLocalDateTime };

/** Today's date 'YYYY-MM-DD' in the given time zone. */
export function localDate(date: Date, timeZone: string): string {
  return formatLocalDateTime(date, timeZone).slice(0, 10);
}

/**
 * The instant of a wall-clock time 'YYYY-MM-DD HH:mm' (or 'YYYY-MM-DDTHH:mm') in the given time zone, or null
 * when it is not such a time. The zone's offset is read at the guessed instant and checked again at the result
 * (a day when the clocks change).
 */
export function parseLocalDateTime(text: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  const offsetAt = (instant: number) =>
    Date.parse(formatLocalDateTime(new Date(instant), timeZone).replace(' ', 'T') + 'Z') - instant;
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  // A time the clocks skip (the hour lost when they go forward) does not exist there: refused, not shifted.
  const back = formatLocalDateTime(new Date(instant), timeZone).slice(0, 16);
  return back === `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}` ? new Date(instant) : null;
}
