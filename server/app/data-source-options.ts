import type { DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/app-config.js';
import { connectionOptions } from '../database/connection-options.js';
import { ENTITIES } from './entities.js';

/** One definition of the database connection, used by the app, the migration CLI and the tests. */
export function dataSourceOptions(db: DatabaseConfig): DataSourceOptions {
  return connectionOptions(db, ENTITIES);
}
