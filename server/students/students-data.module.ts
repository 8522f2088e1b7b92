import { Module } from '@nestjs/common';
import { AddressWriters } from './address-writers.js';
import { RegistrationWindow } from './registration-window.js';
import { StudentsRepository } from './students.repository.js';

/**
 * The students table's one way in (StudentsRepository), who wrote its addresses (AddressWriters) and the
 * registration window. A module of its own so that modules StudentsModule itself imports (terms) can use them
 * too; StudentsModule re-exports it, so every other module imports StudentsModule.
 */
@Module({
  providers: [StudentsRepository, RegistrationWindow, AddressWriters],
  exports: [StudentsRepository, RegistrationWindow, AddressWriters],
})
export class StudentsDataModule {}
