import { ConflictException, ForbiddenException } from '@nestjs/common';
import { FORMER_STUDENT_MESSAGES } from '../../shared/former-students.js';
import { describe, expect, it, vi } from 'vitest';
import { fakeAudit } from '../../test/fakes/audit.js';
import { fakeRegistrationStatus } from '../../test/fakes/registration-status.js';
import { fakeSharedCache } from '../../test/fakes/shared-cache.js';
import { fakeStudentsRepository } from '../../test/fakes/students-repository.js';
import { fakeTransactions } from '../../test/fakes/transactions.js';
import type { SessionUser } from '../common/session-user.js';
import type { AppConfig } from '../config/app-config.js';
import { RegistrationWindow } from './registration-window.js';
import { OFFICE_ADMIN, freezeDateEachTest } from '../../test/fakes/spec-helpers.js';

const ADMIN = OFFICE_ADMIN;
const STUDENT: SessionUser = { ...ADMIN, id: 2, role: 'student', student_id: 'S001', username: 'S001' };
const GUARDIAN: SessionUser = { ...ADMIN, id: 3, role: 'guardian', username: 'mum@example.com' };
// Port of Spain is 4 hours behind UTC: 02:00 UTC on 10 March is still 9 March at the school.
const SCHOOL = { timeZone: 'America/Port_of_Spain' } as AppConfig;

function setup(row: { open: number; deadline: string | null } | null = { open: 1, deadline: null }) {
  const tx = fakeTransactions();
  const rows = fakeRegistrationStatus(row);
  const audit = fakeAudit();
  const cache = fakeSharedCache();
  const students = fakeStudentsRepository([
    { id: 'S001', status: 'current' },
    { id: 'S002', status: 'graduated', left_on: '2026-07-31', leaving_reason: null },
  ]);
  return { window: new RegistrationWindow(SCHOOL, tx, rows, audit, cache, students), tx, rows, audit, cache };
}

freezeDateEachTest('2026-03-10T02:00:00.000Z');

describe('RegistrationWindow', () => {
  it('lets students edit while open until the day before the deadline, by the school’s calendar', async () => {
    const { window } = setup({ open: 1, deadline: '2026-03-10' });
    expect(await window.status()).toEqual({ open: 1, deadline: '2026-03-10', editable: true });
    await expect(window.assertMayEdit(STUDENT, 'S001')).resolves.toBeUndefined();
    vi.setSystemTime(new Date('2026-03-10T04:00:00.000Z')); // midnight at the school: the deadline's day
    expect((await window.status()).editable).toBe(false);
    await expect(window.assertMayEdit(STUDENT, 'S001')).rejects.toThrow(
      new ForbiddenException(
        'Registration closed on 2026-03-10. Please contact the school office to change your record.',
      ),
    );
  });

  it('refuses students and guardians when closed, and lets the office edit at any time', async () => {
    const { window } = setup({ open: 0, deadline: null });
    expect((await window.status()).editable).toBe(false);
    const closed = 'Registration is closed. Please contact the school office to change your record.';
    await expect(window.assertMayEdit(STUDENT, 'S001')).rejects.toThrow(new ForbiddenException(closed));
    await expect(window.assertMayEdit(GUARDIAN, 'S001')).rejects.toThrow(new ForbiddenException(closed));
    await expect(window.assertMayEdit(ADMIN, 'S001')).resolves.toBeUndefined();
  });

  it("keeps a former student's record read-only for everyone, the office included, open or not", async () => {
    const { window } = setup({ open: 1, deadline: null });
    const readOnly = new ConflictException(FORMER_STUDENT_MESSAGES.readOnly);
    await expect(window.assertMayEdit(ADMIN, 'S002')).rejects.toThrow(readOnly);
    await expect(window.assertMayEdit(STUDENT, 'S002')).rejects.toThrow(readOnly);
    await expect(window.assertMayEdit(ADMIN, 'S001')).resolves.toBeUndefined();
  });

  it('reads as closed before the row exists; the start-up opens it, keeping a row that exists', async () => {
    const { window, rows } = setup(null);
    expect(await window.status()).toEqual({ open: 0, deadline: null, editable: false });
    await window.ensureSetting();
    expect(rows.row).toEqual({ id: 1, open: 1, deadline: null });
    const closed = setup({ open: 0, deadline: null });
    await closed.window.ensureSetting();
    expect(closed.rows.row).toEqual({ id: 1, open: 0, deadline: null });
  });

  it('lets the office set a deadline: audited per field changed, told to every instance at once', async () => {
    const { window, rows, audit, cache, tx } = setup();
    expect((await window.status()).editable).toBe(true); // now kept in memory
    const after = await window.setStatus(ADMIN, { open: 1, deadline: '2026-03-09' });
    expect(after).toEqual({ open: 1, deadline: '2026-03-09', editable: false });
    expect(rows.row).toEqual({ id: 1, open: 1, deadline: '2026-03-09' });
    expect(tx.committed).toBe(1);
    expect(audit.trail).toEqual([
      expect.objectContaining({
        action: 'registration-status.changed',
        field: 'deadline',
        old_value: null,
        new_value: '2026-03-09',
        inTransaction: true,
      }),
    ]);
    expect(cache.published).toEqual([{ key: 'registration-window:1', inTransaction: true }]);
    await expect(window.assertMayEdit(STUDENT, 'S001')).rejects.toBeInstanceOf(ForbiddenException);
  });
});
