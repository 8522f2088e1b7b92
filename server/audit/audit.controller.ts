import { Controller, Get, Query } from '@nestjs/common';
import type { AuditEntryView } from '../../shared/api-types.js';
import { Roles } from '../common/decorators.js';
import { AuditService } from './audit.service.js';
import { AuditQueryDto } from './dto/audit-query.dto.js';
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';

/** The audit trail for administrators: newest first, optionally one student's changes. */
@Controller('api')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Roles('admin')
  @ApiRoute({
    summary: 'Audit trail',
    description: 'Changed values, newest first; ?student_id= for one student, ?before_id= for the next page.',
    ok: { description: 'A page of entries.', schema: { type: 'array', items: ref('AuditEntryView') } },
  })
  @Get('audit')
  async list(@Query() query: AuditQueryDto): Promise<AuditEntryView[]> {
    const rows = await this.audit.list({ entity_id: query.student_id, limit: query.limit, before_id: query.before_id });
    return rows.map(({ actor_user_id: _userId, ...entry }) => entry);
  }
}
