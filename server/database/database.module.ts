import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AuthModule } from '../auth/auth.module.js';
import { dataSourceOptions } from './data-source-options.js';
import { SeedService } from './seeds/seed.service.js';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({ inject: [APP_CONFIG], useFactory: (c: AppConfig) => dataSourceOptions(c.database) }),
    AuthModule,
  ],
  providers: [SeedService],
  exports: [SeedService],
})
export class DatabaseModule {}
