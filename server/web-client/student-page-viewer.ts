import { type INestApplication, Logger } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import { isFormOne } from '../../shared/constants.js';
import { PTA_CARD, OWN_DASHBOARD, registrationCard, termReportsCard } from '../../shared/dashboard-cards.js';
import { registrationProgress } from '../../shared/registration-progress.js';
import { ROUTES } from '../../shared/routes.js';
import { AuthService } from '../auth/auth.service.js';
import { SessionAccount } from '../auth/session-account.js';
import { endMarkedSession, hasSignedOutMarker } from '../auth/session-cookie.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { FilesService } from '../files/files.service.js';
import { RegistrationWindow } from '../students/registration-window.js';
import { StudentsRepository } from '../students/students.repository.js';
import { pagePath, stepOfPage, type StudentPageViewer } from './page-shells.js';

/**
 * How long the HTML may wait for who she is: past it (a slow database), the page goes with the frame alone, and the
 * client says what it finds.
 */
const FIRST_VIEW_BUDGET_MS = 300;

/**
 * Who opens a student page, for the server's first view of it (page-shells.ts): the session is read with the app's
 * own session middleware and account rule (SessionAccount); the session's answer as GET /api/session gives it; for a
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
  const logger = new Logger('FirstView');

  /** A step's head: her name and ID, and whether she may edit now. */
  const stepHead = async (id: string): Promise<Pick<StudentPageViewer, 'student'>> => {
    const [record, status] = await Promise.all([students.pick(id, ['first_name', 'last_name']), window.status()]);
    return { student: record ? { ...record, editable: status.editable } : undefined };
  };

  /** Her dashboard's cards, her progress by the shared rules. */
  const dashboard = async (id: string): Promise<Pick<StudentPageViewer, 'dashboardCards'>> => {
    const [row, current] = await Promise.all([students.findRow(id), files.currentTypesByStudent([id])]);
    if (!row) return {};
    const progress = registrationProgress(row, current.get(id)?.types ?? []);
    const pta = isFormOne(row.class_id) && Boolean(config.ptaFormUrl);
    return {
      dashboardCards: [
        termReportsCard(OWN_DASHBOARD),
        registrationCard(OWN_DASHBOARD, progress),
        ...(pta ? [PTA_CARD] : []),
      ],
    };
  };

  const viewer = async (req: Request, res: Response): Promise<StudentPageViewer | null> => {
    // express-session as the API runs it: no cookie is set and the session is not rewritten (saveUninitialized and
    // rolling are off); its idle expiry slides as on any request (at most once a minute, DbSessionStore.touch).
    await new Promise<void>((resolve, reject) => {
      void sessions(req, res, (error?: unknown) => (error ? reject(error as Error) : resolve()));
    });
    // Signed out on this device, perhaps without a connection: that session ends now and nothing of hers is drawn.
    if (hasSignedOutMarker(req)) {
      await endMarkedSession(req, res, config.secureCookies);
      return null;
    }
    const user = await accounts.attach(req);
    if (!user || user.password_reset || user.role === 'admin') return null;
    const info = await auth.sessionInfo(user);
    if (!info.user) return null;
    // A guardian's pages are her chosen daughter's, chosen in her tab: with none or several linked, the client may
    // first send her to choose (RequireActiveStudent), so the server draws nothing of a page she may not see.
    if (info.user.role === 'guardian' && info.user.students.length !== 1) return null;
    const known: StudentPageViewer = { name: info.user.name, session: info };
    if (user.role !== 'student' || !user.student_id) return known;
    const path = pagePath(req.path);
    if (path === ROUTES.dashboard) return { ...known, ...(await dashboard(user.student_id)) };
    if (stepOfPage(path)) return { ...known, ...(await stepHead(user.student_id)) };
    return known;
  };

  return async (req, res) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), FIRST_VIEW_BUDGET_MS);
    });
    try {
      const drawn = await Promise.race([viewer(req, res), late]);
      if (drawn !== 'late') return drawn;
      logger.warn({ msg: 'first view not drawn: the database was slow', path: req.path });
      return null;
    } catch (error) {
      logger.warn({ msg: 'first view not drawn', path: req.path, error: String(error) });
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
