import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Role } from '../../shared/api-types.js';
import { MESSAGES } from '../../shared/constants.js';
import { MFA_MESSAGES } from '../../shared/mfa.js';
import {
  DURING_RESET_KEY,
  MFA_ENROLMENT_KEY,
  OWNER_KEY,
  type OwnerSource,
  PUBLIC_KEY,
  ROLES_KEY,
} from '../common/decorators.js';
import { StudentAccess } from '../guardian-links/student-access.js';
import { MfaService } from './mfa/mfa.service.js';
import { SessionAccount } from './sessions/session-account.js';

/**
 * The one global guard, deny by default: a session is required unless the route is @Public(); an
 * account that must still reset its password may only reach @AllowDuringReset() routes; with
 * ADMIN_MFA=required an administrator without two-step sign-in only @AllowDuringMfaEnrolment() ones; @Roles()
 * is checked against the database's role; @OwnerOrAdmin() lets a student name only herself and a guardian only the
 * students she is linked to (StudentAccess); a former student's own session is ended before (SessionAccount, §12.3).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly accounts: SessionAccount,
    private readonly mfa: MfaService,
    private readonly access: StudentAccess,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const req = context.switchToHttp().getRequest<Request>();
    await this.accounts.attach(req);
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;

    const user = req.user;
    // The client says why she must sign in again (docs/product.md §4 Sign-in).
    if (!user)
      throw new UnauthorizedException({ message: MESSAGES.signInRequired, reason: this.accounts.endedReason(req) });
    if (user.password_reset && !this.reflector.getAllAndOverride<boolean>(DURING_RESET_KEY, targets)) {
      throw new ForbiddenException(MESSAGES.mustResetPassword);
    }
    // ADMIN_MFA=required: an administrator without two-step sign-in may only set it up (after any reset).
    if (
      !user.password_reset &&
      !this.reflector.getAllAndOverride<boolean>(MFA_ENROLMENT_KEY, targets) &&
      (await this.mfa.mustEnrol(user))
    ) {
      throw new ForbiddenException(MFA_MESSAGES.mustEnrol);
    }
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    if (roles && !roles.includes(user.role)) throw new ForbiddenException(MESSAGES.forbidden);

    const owner = this.reflector.getAllAndOverride<OwnerSource | undefined>(OWNER_KEY, targets);
    if (owner && user.role !== 'admin') {
      const named =
        'param' in owner
          ? req.params[owner.param]
          : 'body' in owner
            ? (req.body as Record<string, unknown> | undefined)?.[owner.body]
            : req.query[owner.query];
      if (named === undefined) throw new ForbiddenException(MESSAGES.forbidden);
      // Before validation: only text names a student. An array, object or number is refused here rather than turned
      // into text (['M100'] would read as 'M100', an object with its own toString would throw: a 500).
      if (typeof named !== 'string') {
        const field = 'param' in owner ? owner.param : 'body' in owner ? owner.body : owner.query;
        throw new UnprocessableEntityException({
          message: MESSAGES.studentIdText,
          errors: { [field]: [MESSAGES.studentIdText] },
        });
      }
      await this.access.assert(user, named);
    }
    return true;
  }
}
