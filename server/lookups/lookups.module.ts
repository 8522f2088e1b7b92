import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EthnicGroup, FormClass, House, RegionalCorporation, Religion, Town } from './entities/lookups.entities.js';
import { LookupsController } from './lookups.controller.js';
import { LookupsService } from './lookups.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([FormClass, Town, RegionalCorporation, Religion, EthnicGroup, House])],
  controllers: [LookupsController],
  providers: [LookupsService],
  exports: [LookupsService],
})
export class LookupsModule {}
