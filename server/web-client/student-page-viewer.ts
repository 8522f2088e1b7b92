import type { INestApplication } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import { isFormOne } from '../../shared/constants.js';
import { PTA_CARD, OWN_DASHBOARD, registrationCard, termReportsCard } from '../../shared/dashboard-cards.js';
import { registrationProgress } from '../../shared/registration-progress.js';
import { AuthService } from '../auth/auth.service.js';
import { SessionAccount } from '../auth/session-account.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { FilesService } from '../files/files.service.js';
import { RegistrationWindow } from '../students/registration-window.js';
import { StudentsRepository } from '../students/students.repository.js';
import { pagePath, type StudentPageViewer } from './page-shells.js';

/**
 * Who opens a student page, for the server's first view of it (page-shells.ts): the session is read with the app's
 * own session middleware and account rule (SessionAccount), the name as GET /api/session answers it, and for a
 * student her record's name and whether she may edit it now, and on her dashboard its cards, by the shared rules the
 * client draws them with (her progress from her record and her current files). Nobody (null) when no one is signed in,
 * or the account may not see student pages yet (an administrator; a password to change first): the client then leads
 * her on.
 */
export function studentPageViewer(
  app: INestApplication,
  sessions: RequestHandler,
): (req: Request, res: Response) => Promise<StudentPageViewer | null> {
  const accounts = app.get(SessionAccount);
  const auth = app.get(AuthService);
  const window = app.get(RegistrationWindow);
  const students = app.get(StudentsRepository);
  const files = app.get(FilesService);
  const config = app.get<AppConfig>(APP_CONFIG);
  return async (req, res) => {
    await new Promise<void>((resolve, reject) => {
      void sessions(req, res, (error?: unknown) => (error ? reject(error as Error) : resolve()));
    });
    const user = await accounts.attach(req);
    if (!user || user.password_reset || user.role === 'admin') return null;
    const info = await auth.sessionInfo(user);
    if (!info.user) return null;
    if (user.role !== 'student' || !user.student_id) return { name: info.user.name };
    const id = user.student_id;
    if (pagePath(req.path) !== '/dashboard') {
      const [record, status] = await Promise.all([students.pick(id, ['first_name', 'last_name']), window.status()]);
      return { name: info.user.name, student: record ? { ...record, editable: status.editable } : undefined };
    }
    const [row, current, status] = await Promise.all([
      students.findRow(id),
      files.currentTypesByStudent([id]),
      window.status(),
    ]);
    if (!row) return { name: info.user.name };
    const progress = registrationProgress(row, current.get(id)?.types ?? []);
    const pta = isFormOne(row.class_id) && Boolean(config.ptaFormUrl);
    return {
      name: info.user.name,
      student: { id: row.id, first_name: row.first_name, last_name: row.last_name, editable: status.editable },
      dashboardCards: [
        termReportsCard(OWN_DASHBOARD),
        registrationCard(OWN_DASHBOARD, progress),
        ...(pta ? [PTA_CARD] : []),
      ],
    };
  };
}
