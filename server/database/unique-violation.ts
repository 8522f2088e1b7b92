/** Whether a database error is a unique index refusing a duplicate row (MariaDB or SQLite, raw or TypeORM's). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; driverError?: { code?: string } };
  const code = err.driverError?.code ?? err.code ?? '';
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT');
}
