import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { TransactionsModule } from '../database/transactions.js';
import { dataSourceOptions } from './data-source-options.js';

/** The app's one connection, with every entity registered (server/app/entities.ts), and its Transactions. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({ inject: [APP_CONFIG], useFactory: (c: AppConfig) => dataSourceOptions(c.database) }),
    TransactionsModule,
  ],
})
export class DatabaseModule {}
