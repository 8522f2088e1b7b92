import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { AdminAccount } from '../../shared/admin-types.js';
import { CurrentUser, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { AdminAccountsService } from './admin-accounts.service.js';
import { AdminEmailDto } from './dto/admin-email.dto.js';
import { CreateAdminDto } from './dto/create-admin.dto.js';
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';

@Roles('admin')
@Controller('api')
export class AdminAccountsController {
  constructor(private readonly admins: AdminAccountsService) {}

  @ApiRoute({
    summary: 'List administrator accounts',
    ok: { description: 'Every administrator account.', schema: { type: 'array', items: ref('AdminAccount') } },
  })
  @Get('admins')
  list(): Promise<AdminAccount[]> {
    return this.admins.list();
  }

  /** The signed-in administrator's own e-mail address, for a forgotten password (docs/product.md §10). */
  @ApiRoute({
    summary: 'Your own e-mail address',
    description: "The signed-in administrator's address for a forgotten password ('' when none).",
    ok: { description: 'The address.', schema: ref('Email') },
  })
  @Get('admin-email')
  email(@CurrentUser() user: SessionUser): Promise<{ email: string }> {
    return this.admins.email(user);
  }

  @ApiRoute({
    summary: 'Set your own e-mail address',
    description: "An address, or '' to remove it; needs the current password.",
    ok: { description: 'The address now kept.', schema: ref('Email') },
    errors: { 422: 'The password is wrong', 429: 'Too many wrong passwords' },
  })
  @Post('admin-email')
  @HttpCode(200)
  setEmail(
    @Body() dto: AdminEmailDto,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<{ email: string }> {
    return this.admins.setEmail(user, dto.email, dto.password, req.cookies as Record<string, unknown>);
  }

  @ApiRoute({
    summary: 'Create an administrator account',
    ok: { status: 201, description: 'Created.', schema: ref('AdminAccount') },
    errors: { 422: 'The username is taken, or the password is refused by the password rules' },
  })
  @Post('admins')
  create(@Body() dto: CreateAdminDto, @CurrentUser() user: SessionUser): Promise<AdminAccount> {
    return this.admins.create(dto, user);
  }
}
