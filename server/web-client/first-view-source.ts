import type { INestApplication } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import type { FirstViewSource } from '../../shared/first-view.js';
import { AuditService } from '../audit/audit.service.js';
import { AuthService } from '../auth/sign-in/auth.service.js';
import { SessionAccount } from '../auth/sessions/session-account.js';
import { endMarkedSession, hasSignedOutMarker } from '../auth/sessions/session-cookie.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { FilesService } from '../files/files.service.js';
import { StudentAccess } from '../guardian-links/student-access.js';
import { RegistrationRoundService } from '../registration-round/registration-round.service.js';
import { SchoolYearService } from '../school-year/school-year.service.js';
import { RegistrationWindow } from '../students/registration-window.js';
import { StudentsService } from '../students/students.service.js';

/**
 * The data of a page's first view, for the page renderer (web/src/entry-server.tsx): this request's session read with
 * the app's own session middleware and account rule, and the few API answers a page is first drawn with, each read by
 * the service its API route uses, under the same access rule (StudentAccess, as the guard's OwnerOrAdmin) and the
 * same audit of a read of her record or documents. A page that is not hers gets nothing of hers (null).
 */
export function firstViewSource(
  app: INestApplication,
  sessions: RequestHandler,
): (req: Request, res: Response) => Promise<FirstViewSource> {
  const accounts = app.get(SessionAccount);
  const auth = app.get(AuthService);
  const access = app.get(StudentAccess);
  const audit = app.get(AuditService);
  const window = app.get(RegistrationWindow);
  const students = app.get(StudentsService);
  const files = app.get(FilesService);
  const schoolYear = app.get(SchoolYearService);
  const rounds = app.get(RegistrationRoundService);
  const config = app.get<AppConfig>(APP_CONFIG);

  return async (req, res) => {
    // express-session as the API runs it: no cookie is set and the session is not rewritten (saveUninitialized and
    // rolling are off); its idle expiry slides as on any request (at most once a minute, DbSessionStore.touch).
    await new Promise<void>((resolve, reject) => {
      void sessions(req, res, (error?: unknown) => (error ? reject(error as Error) : resolve()));
    });
    // Signed out on this device, perhaps without a connection: that session ends now and the page is a visitor's.
    const signedOut = hasSignedOutMarker(req);
    if (signedOut) await endMarkedSession(req, res, config.secureCookies);
    const user = signedOut ? undefined : await accounts.attach(req);
    const session = await auth.sessionInfo(user, user ? undefined : accounts.endedReason(req));
    const mayRead = async (studentId: string) =>
      Boolean(user && user.role !== 'admin' && !user.password_reset && (await access.mayActFor(user, studentId)));
    return {
      session,
      studentRecord: async (studentId) => {
        if (!user || !(await mayRead(studentId))) return null;
        const record = await students.getRecord(studentId);
        await audit.recordRead(user, studentId, 'record');
        return record;
      },
      studentFiles: async (studentId) => {
        if (!user || !(await mayRead(studentId))) return null;
        const current = await files.currentFiles(studentId);
        await audit.recordRead(user, studentId, 'documents');
        return current;
      },
      registrationStatus: () => window.status(),
      schoolYear: async () => ({ year: await schoolYear.current() }),
      registrationRound: async (studentId) => (user && (await mayRead(studentId)) ? rounds.round(studentId) : null),
    };
  };
}
