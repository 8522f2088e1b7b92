import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './server/config/app-config.js';
import { dataSourceOptions } from './server/database/data-source-options.js';

/**
 * The DataSource of the TypeORM CLI (npm run migration:*), run compiled as dist/ormconfig.js so that no
 * TypeScript loader is needed. It reads the same environment as the server (DATA_DIR, DATABASE_URL),
 * validated by loadConfig, and the same options the server and the tests use (dataSourceOptions).
 * This file must export exactly one DataSource: the CLI refuses a file with several.
 */
export const dataSource = new DataSource(dataSourceOptions(loadConfig().database));
