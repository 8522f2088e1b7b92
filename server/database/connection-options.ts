import type { DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/app-config.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * The database connection (driver, pragmas, migrations) for a given list of entities. The database layer
 * imports no feature: the list is registered at the top (server/app/entities.ts, dataSourceOptions).
 */
export function connectionOptions(db: DatabaseConfig, entities: DataSourceOptions['entities']): DataSourceOptions {
  const common = {
    entities,
    migrations: MIGRATIONS,
    migrationsRun: false,
    // Each migration in its own transaction, for the server (runMigrations) and the CLI alike.
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
  } as const;
  if (db.type === 'better-sqlite3') {
    return {
      ...common,
      type: 'better-sqlite3',
      database: db.database,
      // WAL lets readers run while a write is in progress; a busy writer waits instead of failing.
      prepareDatabase: (sqlite: { pragma: (s: string) => unknown }) => {
        sqlite.pragma('journal_mode = WAL');
        sqlite.pragma('busy_timeout = 5000');
        sqlite.pragma('foreign_keys = ON');
        // Deleted content is overwritten with zeros, not left in free space: a former student's deleted personal
        // data must not stay readable in the file (docs/product.md §12.4, docs/operations.md Retention).
        sqlite.pragma('secure_delete = ON');
      },
    };
  }
  return {
    ...common,
    type: 'mysql',
    host: db.host,
    port: db.port,
    username: db.username,
    password: db.password,
    database: db.database,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    extra: { connectionLimit: 10 },
  };
}
