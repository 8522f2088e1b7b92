import { UnprocessableEntityException } from '@nestjs/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TERMS_MESSAGES } from '../../shared/terms.js';
import { fakeAudit } from '../../test/fakes/audit.js';
import { fakeStudentsRepository } from '../../test/fakes/students-repository.js';
import { fakeTermsVersions } from '../../test/fakes/terms-versions.js';
import { fakeTransactions, PASSED_MANAGER } from '../../test/fakes/transactions.js';
import type { SessionUser } from '../common/session-user.js';
import { TermsService } from '../terms/terms.service.js';
import { TermsAgreement } from './terms-agreement.js';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const STUDENT: SessionUser = {
  id: 2,
  role: 'student',
  student_id: 'S001',
  username: 'S001',
  display_name: 'Anya Ali',
  password_reset: 0,
  email: null,
};

function setup(stamp: { terms_version: number | null; terms_agreed_at: string | null }) {
  const audit = fakeAudit();
  const versions = fakeTermsVersions(['First words.', 'Second words.']);
  const terms = new TermsService(fakeTransactions(), versions, audit);
  const students = fakeStudentsRepository([{ id: 'S001', ...stamp }]);
  const agreement = new TermsAgreement(terms, students, audit);
  const stampOf = (agreed: unknown, versionRead?: number) =>
    agreement.stamp(PASSED_MANAGER, STUDENT, 'S001', agreed, versionRead);
  return { stampOf, students, audit, versions };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('TermsAgreement.stamp', () => {
  it('stamps the current version and the time when she ticks, audited field by field', async () => {
    const { stampOf, students, audit } = setup({ terms_version: null, terms_agreed_at: null });
    expect(await stampOf(1, 2)).toEqual({
      terms_version: 2,
      terms_agreed_at: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    expect(students.updates).toEqual([
      {
        id: 'S001',
        changes: { terms_version: 2, terms_agreed_at: NOW.toISOString(), updated_at: NOW.toISOString() },
        inTransaction: true,
      },
    ]);
    expect(audit.trail.map((e) => [e.action, e.field, e.old_value, e.new_value, e.actor])).toEqual([
      ['student.terms-agreed', 'terms_version', null, 2, 'student:S001'],
      ['student.terms-agreed', 'terms_agreed_at', null, NOW.toISOString(), 'student:S001'],
    ]);
  });

  it('changes nothing when she ticks again the version she agreed to', async () => {
    const stamped = { terms_version: 2, terms_agreed_at: '2026-02-01T00:00:00.000Z' };
    const { stampOf, students, audit } = setup(stamped);
    expect(await stampOf(1)).toEqual(stamped);
    expect(students.updates).toEqual([]);
    expect(audit.trail).toEqual([]);
  });

  it('counts a tick after the text changed as agreeing to the new version', async () => {
    const { stampOf, students } = setup({ terms_version: 1, terms_agreed_at: '2026-02-01T00:00:00.000Z' });
    expect(await stampOf(1, 2)).toMatchObject({ terms_version: 2, terms_agreed_at: NOW.toISOString() });
    expect(students.rows.get('s001')).toMatchObject({ terms_version: 2 });
  });

  it('refuses a tick made under an older version than the current one (422), writing nothing', async () => {
    const { stampOf, students, audit } = setup({ terms_version: null, terms_agreed_at: null });
    const refused = stampOf(1, 1);
    await expect(refused).rejects.toBeInstanceOf(UnprocessableEntityException);
    await expect(refused).rejects.toMatchObject({
      response: { errors: { agree_terms_conditions: [TERMS_MESSAGES.changedSinceRead] } },
    });
    expect(students.updates).toEqual([]);
    expect(audit.trail).toEqual([]);
  });

  it('clears the stamp when she unticks, audited as withdrawn; nothing when there was none', async () => {
    const { stampOf, students, audit } = setup({ terms_version: 1, terms_agreed_at: '2026-02-01T00:00:00.000Z' });
    expect(await stampOf(0)).toEqual({ terms_version: null, terms_agreed_at: null, updatedAt: NOW.toISOString() });
    expect(students.rows.get('s001')).toMatchObject({ terms_version: null, terms_agreed_at: null });
    expect(audit.trail.map((e) => e.action)).toEqual(['student.terms-withdrawn', 'student.terms-withdrawn']);
    expect(await stampOf(0)).toEqual({ terms_version: null, terms_agreed_at: null });
    expect(students.updates).toHaveLength(1);
  });

  it('does nothing without a tick in the body, or for a student who does not exist', async () => {
    const { stampOf, students } = setup({ terms_version: null, terms_agreed_at: null });
    expect(await stampOf(undefined)).toEqual({});
    expect(await stampOf('1')).toEqual({});
    students.rows.clear();
    expect(await stampOf(1)).toEqual({});
    expect(students.updates).toEqual([]);
  });
});
