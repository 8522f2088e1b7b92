import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { AdminAccount } from '../../shared/admin-types.js';
import { CurrentUser, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { AdminAccountsService } from './admin-accounts.service.js';
import { AdminEmailDto } from './dto/admin-email.dto.js';
import { CreateAdminDto } from './dto/create-admin.dto.js';

@Roles('admin')
@Controller('api')
export class AdminAccountsController {
  constructor(private readonly admins: AdminAccountsService) {}

  @Get('admins')
  list(): Promise<AdminAccount[]> {
    return this.admins.list();
  }

  /** The signed-in administrator's own e-mail address, for a forgotten password (docs/product.md §10). */
  @Get('admin-email')
  email(@CurrentUser() user: SessionUser): Promise<{ email: string }> {
    return this.admins.email(user);
  }

  @Post('admin-email')
  @HttpCode(200)
  setEmail(
    @Body() dto: AdminEmailDto,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<{ email: string }> {
    return this.admins.setEmail(user, dto.email, dto.password, req.cookies as Record<string, unknown>);
  }

  @Post('admins')
  create(@Body() dto: CreateAdminDto, @CurrentUser() user: SessionUser): Promise<AdminAccount> {
    return this.admins.create(dto, user);
  }
}
