// The school's wall-clock time (the `TZ` setting), as every screen and document shows times: framework-free, so that
// the server (postings, holds, exports) and the web client (the office's history) write a time the same way.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building an Intl formatter costs far more than using one (exports format a date per row). */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The last time formatLocalDateTime wrote: a save asks for today's date twice, within the same second. */
let last: { timeZone: string; second: number; text: string } | undefined;

/** 'YYYY-MM-DD HH:mm:ss' of an instant in the given IANA time zone (the school's local time). */
export function formatLocalDateTime(date: Date, timeZone: string): string {
  const second = Math.floor(date.getTime() / 1000);
  if (last?.second === second && last.timeZone === timeZone) return last.text;
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const text = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  last = { timeZone, second, text };
  return text;
}

/** 'YYYY-MM-DD HH:mm' in school time of an ISO instant (a stored timestamp), or '—' for none or an unreadable one. */
export function schoolMinute(iso: string | null | undefined, timeZone: string): string {
  const at = iso ? new Date(iso) : null;
  return at && !Number.isNaN(at.getTime()) ? formatLocalDateTime(at, timeZone).slice(0, 16) : '—';
}
