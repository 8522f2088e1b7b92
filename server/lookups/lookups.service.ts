import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type Repository } from 'typeorm';
import type { LookupList } from '../../shared/student-fields.js';
import { EthnicGroup, FormClass, House, RegionalCorporation, Religion, Town } from './entities/lookups.entities.js';

/** The lookup lists to add at start-up when missing (server/app/seeds/lookups.data.ts). */
export interface LookupSeed {
  towns: readonly string[];
  regions: readonly string[];
  religions: Religion[];
  ethnicGroups: EthnicGroup[];
  /** Placeholders, added only while there is no house at all: houses are the school's own. */
  placeholderHouses: House[];
}

/**
 * The lookup lists of the record (classes, houses, religions...): owns their tables. Lists them, checks a value
 * names one, adds the classes an import or the seeds bring and the missing entries at start-up.
 */
@Injectable()
export class LookupsService {
  constructor(
    @InjectRepository(FormClass) private readonly formClasses: Repository<FormClass>,
    @InjectRepository(Town) private readonly towns: Repository<Town>,
    @InjectRepository(RegionalCorporation) private readonly regions: Repository<RegionalCorporation>,
    @InjectRepository(Religion) private readonly religions: Repository<Religion>,
    @InjectRepository(EthnicGroup) private readonly ethnicGroups: Repository<EthnicGroup>,
    @InjectRepository(House) private readonly houses: Repository<House>,
  ) {}

  /** Whether a value names an entry of a lookup list (a record may only point at existing entries). */
  async contains(list: LookupList, value: string | number): Promise<boolean> {
    switch (list) {
      case 'formClasses':
        return this.formClasses.existsBy({ class_id: String(value) });
      case 'houses':
        return this.houses.existsBy({ id: Number(value) });
      case 'religions':
        return this.religions.existsBy({ code: Number(value) });
      case 'ethnicGroups':
        return this.ethnicGroups.existsBy({ id: Number(value) });
      case 'regions':
        return this.regions.existsBy({ title: String(value) });
    }
  }

  listFormClasses() {
    return this.formClasses.find({ order: { form_level: 'ASC', class_id: 'ASC' } });
  }

  async listTowns() {
    return (await this.towns.find({ order: { town_name: 'ASC' } })).map(({ town_name }) => ({ town_name }));
  }

  async listRegions() {
    return (await this.regions.find({ order: { title: 'ASC' } })).map(({ title }) => ({ title }));
  }

  listReligions() {
    return this.religions.find({ order: { code: 'ASC' } });
  }

  listEthnicGroups() {
    return this.ethnicGroups.find({ order: { id: 'ASC' } });
  }

  listHouses() {
    return this.houses.find({ order: { id: 'ASC' } });
  }

  /** The class ids and the house numbers there are (an import checks its rows against them). */
  async formClassIds(m?: EntityManager): Promise<string[]> {
    const rows = await (m ? m.getRepository(FormClass) : this.formClasses).find({ select: { class_id: true } });
    return rows.map((c) => c.class_id);
  }

  async houseIds(m?: EntityManager): Promise<number[]> {
    return (await (m ? m.getRepository(House) : this.houses).find({ select: { id: true } })).map((h) => h.id);
  }

  /** New classes (their form is the id's first digit); one that exists already is left as it is. */
  async addFormClasses(classIds: readonly string[], m?: EntityManager): Promise<void> {
    if (classIds.length === 0) return;
    await (m ?? this.formClasses.manager)
      .createQueryBuilder()
      .insert()
      .into(FormClass)
      .values(classIds.map((class_id) => ({ class_id, form_level: Number(class_id[0]) })))
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  /** Removes classes (the undo of a rollover removes those it created; the caller checks no student is in them). */
  async removeFormClasses(classIds: readonly string[], m: EntityManager): Promise<void> {
    if (classIds.length === 0) return;
    await m.delete(FormClass, { class_id: In([...classIds]) });
  }

  /**
   * Adds missing entries and never changes existing ones. INSERT ... IGNORE makes it safe when several instances
   * start at once on one database.
   */
  async addMissing(seed: LookupSeed): Promise<void> {
    const insertMissing = async <T extends object>(entity: new () => T, rows: T[]) => {
      if (rows.length)
        await this.formClasses.manager
          .createQueryBuilder()
          .insert()
          .into(entity)
          .values(rows as never[])
          .orIgnore()
          .updateEntity(false)
          .execute();
    };
    await insertMissing(
      Town,
      seed.towns.map((town_name) => ({ town_name }) as Town),
    );
    await insertMissing(
      RegionalCorporation,
      seed.regions.map((title) => ({ title }) as RegionalCorporation),
    );
    await insertMissing(Religion, seed.religions);
    await insertMissing(EthnicGroup, seed.ethnicGroups);
    if ((await this.houses.count()) === 0) await insertMissing(House, seed.placeholderHouses);
  }
}
