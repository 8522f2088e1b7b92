import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { Role } from '../../shared/api-types.js';
import type { SessionUser } from './session-user.js';

export const PUBLIC_KEY = 'portal:public';
export const DURING_RESET_KEY = 'portal:during-reset';
export const ROLES_KEY = 'portal:roles';
export const OWNER_KEY = 'portal:owner';

/** Reachable without signing in. Everything else under /api requires a session (deny by default). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** Reachable while the account must still replace its date-of-birth password. */
export const AllowDuringReset = () => SetMetadata(DURING_RESET_KEY, true);

/** Reachable by an administrator who must still set up two-step sign-in (ADMIN_MFA=required). */
export const MFA_ENROLMENT_KEY = 'portal:mfa-enrolment';
export const AllowDuringMfaEnrolment = () => SetMetadata(MFA_ENROLMENT_KEY, true);

/** Only these roles may call the route. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** Where a route names the student it acts on; a student may only name herself, an admin anyone. */
export type OwnerSource = { param: string } | { body: string } | { query: string };
export const OwnerOrAdmin = (source: OwnerSource) => SetMetadata(OWNER_KEY, source);

/** The signed-in account (set by the AuthGuard). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser => {
  const req = ctx.switchToHttp().getRequest<Request>();
  return req.user as SessionUser;
});
