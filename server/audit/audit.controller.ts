import { Controller, Get, Query } from '@nestjs/common';
import type { AuditEntryView } from '../../shared/api-types.js';
import { Roles } from '../common/decorators.js';
import { AuditService } from './audit.service.js';
import { AuditQueryDto } from './dto/audit-query.dto.js';

/** The audit trail for administrators: newest first, optionally one student's changes. */
@Controller('api')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Roles('admin')
  @Get('audit')
  async list(@Query() query: AuditQueryDto): Promise<AuditEntryView[]> {
    const rows = await this.audit.list({ entity_id: query.student_id, limit: query.limit, before_id: query.before_id });
    return rows.map(({ actor_user_id: _userId, ...entry }) => entry);
  }
}
