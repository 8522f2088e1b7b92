import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PreparedStatements } from '../database/prepared.js';
import { SchoolYearRow } from './entities/school-year.entities.js';

/** The school_years table's one row (id 1): the stored school year, written by the rollover and its undo. */
@Injectable()
export class SchoolYearRepository {
  constructor(private readonly prepared: PreparedStatements) {}

  /** The stored year, or null when the school has never rolled over (read in every family save's transaction). */
  async find(m?: EntityManager): Promise<number | null> {
    const [row] = await this.prepared.rows<{ year: number }>('SELECT year FROM school_years WHERE id = 1', [], m);
    return row?.year ?? null;
  }

  async store(year: number, at: string, m: EntityManager): Promise<void> {
    await m.save(SchoolYearRow, { id: 1, year, set_at: at });
  }
}
