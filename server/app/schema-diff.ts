import { DataSource, type DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/app-config.js';
import { dataSourceOptions } from './data-source-options.js';

/**
 * A DataSource for comparing the entities with a database (TypeORM's schema builder: the test that
 * entities and migrations agree, and `npm run migration:generate`). The server's options, with two
 * readings of the schema corrected so that only real differences show:
 * - the server runs MariaDB through TypeORM's "mysql" driver (MySQL works too); under that name the
 *   reader takes MariaDB's COLUMN_DEFAULT 'NULL' for a default on every nullable column. Read as
 *   "mariadb" it sees what is there.
 * - SQLite has no int type, only INTEGER affinity: the migrations' "int" and the driver's "integer"
 *   are the same column, but the builder compares the names and would rebuild every table.
 */
export function schemaDiffDataSource(db: DatabaseConfig): DataSource {
  const options = dataSourceOptions(db);
  const ds = new DataSource(
    options.type === 'mysql' ? ({ ...options, type: 'mariadb' } as DataSourceOptions) : options,
  );
  if (options.type === 'better-sqlite3') {
    const driver = ds.driver as unknown as { normalizeType(column: { type: unknown }): string };
    const normalizeType = driver.normalizeType.bind(driver);
    driver.normalizeType = (column) => (column.type === 'int' ? 'int' : normalizeType(column));
  }
  return ds;
}
