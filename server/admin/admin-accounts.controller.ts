import { Body, Controller, Get, Post } from '@nestjs/common';
import type { AdminAccount } from '../../shared/admin-types.js';
import { CurrentUser, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { AdminAccountsService } from './admin-accounts.service.js';
import { CreateAdminDto } from './dto/create-admin.dto.js';

@Roles('admin')
@Controller('api/admins')
export class AdminAccountsController {
  constructor(private readonly admins: AdminAccountsService) {}

  @Get()
  list(): Promise<AdminAccount[]> {
    return this.admins.list();
  }

  @Post()
  create(@Body() dto: CreateAdminDto, @CurrentUser() user: SessionUser): Promise<AdminAccount> {
    return this.admins.create(dto, user);
  }
}
