import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { SessionUser } from '../common/session-user.js';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { localDate } from '../common/time.js';
import type { LookupList } from '../../shared/student-fields.js';
import { AuditService } from '../audit/audit.service.js';
import { writeTransaction } from '../database/write-transaction.js';
import {
  EthnicGroup,
  FormClass,
  House,
  RegionalCorporation,
  RegistrationStatus,
  Religion,
  Town,
} from './entities/lookups.entities.js';

export interface RegistrationStatusView {
  open: number;
  deadline: string | null;
  /** Whether a student may edit now: open = 1 and (no deadline, or today before the deadline). */
  editable: boolean;
}

@Injectable()
export class LookupsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(FormClass) private readonly formClasses: Repository<FormClass>,
    @InjectRepository(Town) private readonly towns: Repository<Town>,
    @InjectRepository(RegionalCorporation) private readonly regions: Repository<RegionalCorporation>,
    @InjectRepository(Religion) private readonly religions: Repository<Religion>,
    @InjectRepository(EthnicGroup) private readonly ethnicGroups: Repository<EthnicGroup>,
    @InjectRepository(House) private readonly houses: Repository<House>,
    @InjectRepository(RegistrationStatus) private readonly status: Repository<RegistrationStatus>,
    private readonly audit: AuditService,
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

  async registrationStatus(): Promise<RegistrationStatusView> {
    const row = await this.status.findOneBy({ id: 1 });
    const open = row?.open ?? 0;
    const deadline = row?.deadline ?? null;
    const today = localDate(new Date(), this.config.timeZone);
    return { open, deadline, editable: open === 1 && (!deadline || today < deadline) };
  }

  /** An administrator opens or closes registration (deadline exclusive: closed from that day on). */
  async setRegistrationStatus(
    actor: SessionUser,
    next: { open: number; deadline: string | null },
  ): Promise<RegistrationStatusView> {
    await writeTransaction(this.status.manager.connection, async (m) => {
      const before = await m.findOneBy(RegistrationStatus, { id: 1 });
      await m.save(RegistrationStatus, { id: 1, open: next.open, deadline: next.deadline });
      await this.audit.record(
        actor,
        (['open', 'deadline'] as const)
          .filter((field) => (before?.[field] ?? null) !== next[field])
          .map((field) => ({
            action: 'registration-status.changed',
            entity: 'registration_status',
            entity_id: null,
            field,
            old_value: before?.[field] ?? null,
            new_value: next[field],
          })),
        m,
      );
    });
    return this.registrationStatus();
  }

  /**
   * Students change their registration data (record, uploads) only while registration is open;
   * administrators at any time. Throws 403 with the reason and date otherwise.
   */
  async assertMayEditRegistration(user: SessionUser): Promise<void> {
    if (user.role === 'admin') return;
    const status = await this.registrationStatus();
    if (status.editable) return;
    throw new ForbiddenException(
      status.open === 1 && status.deadline
        ? `Registration closed on ${status.deadline}. Please contact the school office to change your record.`
        : 'Registration is closed. Please contact the school office to change your record.',
    );
  }
}
