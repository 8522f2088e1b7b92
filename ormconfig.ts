import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './server/config/app-config.js';
import { dataSourceOptions } from './server/app/data-source-options.js';
import { schemaDiffDataSource } from './server/app/schema-diff.js';

/**
 * The DataSource of the TypeORM CLI (npm run migration:*), run compiled as dist/ormconfig.js so that no
 * TypeScript loader is needed. It reads the same environment as the server (DATA_DIR, DATABASE_URL),
 * validated by loadConfig, and has the options the server and the tests use (dataSourceOptions).
 * Commands that compare the entities with the database get the corrected schema reader of
 * schemaDiffDataSource; run, revert and show get exactly the server's options.
 * This file must export exactly one DataSource: the CLI refuses a file with several.
 */
const database = loadConfig().database;
const comparing = process.argv.some((a) => a === 'migration:generate' || a === 'schema:log');

export const dataSource = comparing ? schemaDiffDataSource(database) : new DataSource(dataSourceOptions(database));
