import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../server/audit/entities/audit-entry.entity.js';
import { PasswordRecoveryService } from '../../server/auth/recovery/password-recovery.service.js';
import { MIGRATIONS } from '../../server/database/migrations/index.js';
import { OutboxMessage } from '../../server/mail/entities/outbox-message.entity.js';
import { GUARDIAN_MESSAGES, type StudentGuardians } from '../../shared/guardians.js';
import { MESSAGES } from '../../shared/constants.js';
import { ApiClient, expectStatus, signedInAdmin, signedInGuardian, signedInStudent } from '../fixtures/api-client.js';
import { createAdmin, createGuardian, createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// The account takeover these tests guard against: a linked guardian wrote her own address into her daughter's record,
// asked for the daughter's reset link and took the account over, and kept it after the office unlinked her. A student's
// reset link now goes only to addresses she or the office wrote (docs/product.md §10 Forgotten password); she sees and
// ends her guardian links herself (§11); the office's ban on an address covers its other spellings; every new link is
// announced to her and her family; only a bare address is taken. Without SMTP_URL the outbox keeps every message, so
// what was queued, and to whom, is read from the outbox table.

let t: TestApp;
let admin: ApiClient;

const PASSWORD = 'Student-Own-Pass-1';
const MUM_PASSWORD = 'Mother-Pass-2026';

/** Asks for a student's reset link as anyone may, and waits until it is queued (or not). */
async function askForReset(studentId: string): Promise<void> {
  // More often than the limit of 3 a quarter of an hour allows: each ask starts a new window.
  await t.ds.query('DELETE FROM throttler_hits');
  const visitor = await new ApiClient(t).primeCsrf();
  await expectStatus(visitor.post('/api/forgot-password', { student_id: studentId }), 202);
  await t.app.get(PasswordRecoveryService).settle();
}

/** The addresses a kind of message was queued to (lower case, sorted), then forgets them. */
async function queuedTo(kind: string): Promise<string[]> {
  const rows = await t.ds.getRepository(OutboxMessage).findBy({ kind: kind as OutboxMessage['kind'] });
  await t.ds.query('DELETE FROM outbox');
  return rows.map((r) => r.to_address.toLowerCase()).sort();
}

beforeAll(async () => {
  t = await startTestApp();
  await createAdmin(t);
  admin = await signedInAdmin(t, 'office', 'Office-Admin-Pass-1');
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => t.ds.query('DELETE FROM outbox'));

describe('a guardian cannot direct her daughter’s reset link', () => {
  const ID = 'T1001';

  it('to addresses she typed, before or after she is unlinked; the student’s own choice counts', async () => {
    await createStudent(t, {
      id: ID,
      first_name: 'Maya',
      password: PASSWORD,
      extra: { email: 'maya@example.tt', guardian_section: 1, email_guardian: 'aunt@example.tt' },
    });
    const mumId = await createGuardian(t, { email: 'mum@example.tt', password: MUM_PASSWORD, students: [ID] });
    const mum = await signedInGuardian(t, 'mum@example.tt', MUM_PASSWORD);

    // Before: her own address and the aunt's, as the office wrote them, receive the link.
    await askForReset(ID);
    expect(await queuedTo('password-reset')).toEqual(['aunt@example.tt', 'maya@example.tt']);

    // The attack: the guardian shows the mother's section with her own address, and replaces the student's own and
    // the aunt's with addresses of hers. The save itself is allowed (she fills in the registration).
    await expectStatus(
      mum.post('/api/student', {
        id: ID,
        living_status: 'Mother Only',
        mother_section: 1,
        email_mother: 'mum@example.tt',
        email: 'mum+maya@example.tt',
        email_guardian: 'mum.other@example.tt',
      }),
      200,
    );
    await askForReset(ID);
    // No address she wrote gets the link; nothing trusted is left, so nothing is sent at all.
    expect(await queuedTo('password-reset')).toEqual([]);
    // Her other notices still reach the family's addresses (only the reset link's rule is stricter).
    await expectStatus(admin.post('/api/registration-reminders', { student_ids: [ID] }), 200);
    expect(await queuedTo('registration-reminder')).toEqual([
      'mum+maya@example.tt',
      'mum.other@example.tt',
      'mum@example.tt',
    ]);

    // Unlinked by the office: what she wrote still directs nothing.
    await expectStatus(admin.post('/api/guardians/unlink', { student_id: ID, guardian_id: mumId }), 204);
    await askForReset(ID);
    expect(await queuedTo('password-reset')).toEqual([]);
    // Her own password still works: nobody could reset it.
    const maya = await signedInStudent(t, ID, PASSWORD);

    // The student saves her own address again, and confirms her mother's as it stands: both are hers now.
    await expectStatus(
      maya.post('/api/student', { id: ID, email: 'maya.new@example.tt', email_mother: 'mum@example.tt' }),
      200,
    );
    await askForReset(ID);
    expect(await queuedTo('password-reset')).toEqual(['maya.new@example.tt', 'mum@example.tt']);
    // The office's save of the guardian's third address makes it trusted too.
    await expectStatus(admin.post('/api/student', { id: ID, email_guardian: 'mum.other@example.tt' }), 200);
    await askForReset(ID);
    expect(await queuedTo('password-reset')).toEqual(['maya.new@example.tt', 'mum.other@example.tt', 'mum@example.tt']);
  });

  it('a guardian re-sending a trusted address unchanged leaves it trusted; changing it makes it hers', async () => {
    await createStudent(t, { id: 'T1002', password: PASSWORD, extra: { email: 'own@example.tt' } });
    await createGuardian(t, { email: 'dad@example.tt', password: MUM_PASSWORD, students: ['T1002'] });
    const dad = await signedInGuardian(t, 'dad@example.tt', MUM_PASSWORD);
    await expectStatus(dad.post('/api/student', { id: 'T1002', email: 'own@example.tt' }), 200);
    await askForReset('T1002');
    expect(await queuedTo('password-reset')).toEqual(['own@example.tt']);
    await expectStatus(dad.post('/api/student', { id: 'T1002', email: 'OWN@example.tt' }), 200);
    await askForReset('T1002');
    expect(await queuedTo('password-reset')).toEqual([]);
  });

  // The student hid a section (she lives with her father now) and left her mother's address in
  // it. A guardian showing the section again, by the living status or by the section's own tick, does not make the
  // address receive the link; the student saving the address while it shows does.
  it.each([
    ['by the living status', 'T1004', { living_status: 'Both Parents' }],
    ['by the section’s own tick', 'T1005', { mother_section: 1 }],
  ])('to an address in a section the student hid, shown again %s', async (_how, id, reveal) => {
    await createStudent(t, {
      id,
      password: PASSWORD,
      extra: {
        email: 'zara@example.tt',
        living_status: 'Both Parents',
        email_mother: 'zara.mum@example.tt',
        email_father: 'zara.dad@example.tt',
      },
    });
    await createGuardian(t, { email: `mum.${id}@example.tt`, password: MUM_PASSWORD, students: [id] });
    const zara = await signedInStudent(t, id, PASSWORD);
    await expectStatus(zara.post('/api/student', { id, living_status: 'Father Only' }), 200);
    await askForReset(id);
    expect(await queuedTo('password-reset')).toEqual(['zara.dad@example.tt', 'zara@example.tt']);

    const mum = await signedInGuardian(t, `mum.${id}@example.tt`, MUM_PASSWORD);
    await expectStatus(mum.post('/api/student', { id, ...reveal }), 200);
    await askForReset(id);
    expect(await queuedTo('password-reset')).toEqual(['zara.dad@example.tt', 'zara@example.tt']);
    // Her other notices follow the form as it shows.
    await expectStatus(admin.post('/api/registration-reminders', { student_ids: [id] }), 200);
    expect(await queuedTo('registration-reminder')).toContain('zara.mum@example.tt');

    // The student saves the address where it shows: her choice.
    await expectStatus(zara.post('/api/student', { id, email_mother: 'zara.mum@example.tt' }), 200);
    await askForReset(id);
    expect(await queuedTo('password-reset')).toEqual(['zara.dad@example.tt', 'zara.mum@example.tt', 'zara@example.tt']);
  });

  // The student typed her father's address, and her father signs in with it. The office unlinks
  // him (a court order), or she removes him herself: the address she typed reached his mailbox and still received her
  // link, so he could take the account over after all. Ending a link takes the record's addresses that reach the
  // guardian's mailbox (any spelling) off her reset links, until the student or the office saves them again.
  it.each([
    ['the office', 'T1009'],
    ['the student', 'T1010'],
  ])('to the mailbox of a guardian unlinked by %s, even where the student typed it', async (by, id) => {
    await createStudent(t, {
      id,
      password: PASSWORD,
      extra: {
        email: 'ivy@example.tt',
        living_status: 'Both Parents',
        email_father: `Ivy.Dad.${id}+school@example.tt`,
      },
    });
    const dadId = await createGuardian(t, {
      email: `ivy.dad.${id.toLowerCase()}@example.tt`,
      password: MUM_PASSWORD,
      students: [id],
    });
    await askForReset(id);
    // Linked, the address the student typed receives it: her choice (docs/product.md §10).
    expect(await queuedTo('password-reset')).toEqual([
      `ivy.dad.${id.toLowerCase()}+school@example.tt`,
      'ivy@example.tt',
    ]);
    const ivy = await signedInStudent(t, id, PASSWORD);
    const unlinker = by === 'the office' ? admin : ivy;
    await expectStatus(unlinker.post('/api/guardians/unlink', { student_id: id, guardian_id: dadId }), 204);
    await askForReset(id);
    expect(await queuedTo('password-reset')).toEqual(['ivy@example.tt']);
    // Saved again by her, it is her choice again.
    await expectStatus(ivy.post('/api/student', { id, email_father: `Ivy.Dad.${id}+school@example.tt` }), 200);
    await askForReset(id);
    expect(await queuedTo('password-reset')).toEqual([
      `ivy.dad.${id.toLowerCase()}+school@example.tt`,
      'ivy@example.tt',
    ]);
  });

  it('records saved before the rule: a field whose latest change was a guardian’s is hers', async () => {
    await createStudent(t, {
      id: 'T1003',
      password: PASSWORD,
      extra: { email: 'then@example.tt', email_mother: 'office.wrote@example.tt', living_status: 'Both Parents' },
    });
    const entry = (actor: string, field: string, value: string) => ({
      created_at: new Date().toISOString(),
      actor_user_id: null,
      actor,
      action: 'student.updated',
      entity: 'student',
      entity_id: 'T1003',
      field,
      old_value: null,
      new_value: value,
    });
    await t.ds
      .getRepository(AuditEntry)
      .insert([
        entry('guardian: Old Mum <old@example.tt>', 'email', 'then@example.tt'),
        entry('guardian: Old Mum <old@example.tt>', 'email_mother', 'x@example.tt'),
        entry('admin:office', 'email_mother', 'office.wrote@example.tt'),
      ]);
    // The migration again, on the trail as it stands.
    const q = t.ds.createQueryRunner();
    try {
      await q.dropTable('guardian_written_addresses');
      await new (MIGRATIONS.find((M) => M.name === 'GuardianWrittenAddresses1795700000000')!)().up(q);
    } finally {
      await q.release();
    }
    await askForReset('T1003');
    expect(await queuedTo('password-reset')).toEqual(['office.wrote@example.tt']);
  });

  it('records saved before the rule: a section a guardian showed again keeps its address hers', async () => {
    // T1006: the student hid her mother's section, a guardian showed it again. T1007: the same, then the student
    // saved her mother's address where it shows. T1008: a guardian changed 'Mother Only' to 'Both Parents': the
    // father's section is the one she showed, the mother's was shown already.
    const extra = {
      email: 'own@example.tt',
      living_status: 'Both Parents',
      email_mother: 'mum@example.tt',
      email_father: 'dad@example.tt',
    };
    for (const id of ['T1006', 'T1007', 'T1008']) await createStudent(t, { id, password: PASSWORD, extra });
    let at = Date.parse('2026-09-01T08:00:00.000Z');
    const entry = (id: string, actor: string, field: string, old_value: string | null, new_value: string) => ({
      created_at: new Date((at += 60_000)).toISOString(),
      actor_user_id: null,
      actor,
      action: 'student.updated',
      entity: 'student',
      entity_id: id,
      field,
      old_value,
      new_value,
    });
    const mum = 'guardian: Mum <mum@example.tt>';
    await t.ds
      .getRepository(AuditEntry)
      .insert([
        entry('T1006', 'student:T1006', 'living_status', 'Both Parents', 'Father Only'),
        entry('T1006', mum, 'living_status', 'Father Only', 'Both Parents'),
        entry('T1007', 'student:T1007', 'living_status', 'Both Parents', 'Father Only'),
        entry('T1007', mum, 'living_status', 'Father Only', 'Both Parents'),
        entry('T1007', 'student:T1007', 'email_mother', 'old.mum@example.tt', 'mum@example.tt'),
        entry('T1008', mum, 'living_status', 'Mother Only', 'Both Parents'),
      ]);
    const q = t.ds.createQueryRunner();
    try {
      await q.dropTable('guardian_written_addresses');
      for (const name of ['GuardianWrittenAddresses1795700000000', 'GuardianRevealedSections1795710000000'])
        await new (MIGRATIONS.find((M) => M.name === name)!)().up(q);
    } finally {
      await q.release();
    }
    await askForReset('T1006');
    expect(await queuedTo('password-reset')).toEqual(['dad@example.tt', 'own@example.tt']);
    await askForReset('T1007');
    expect(await queuedTo('password-reset')).toEqual(['dad@example.tt', 'mum@example.tt', 'own@example.tt']);
    await askForReset('T1008');
    expect(await queuedTo('password-reset')).toEqual(['mum@example.tt', 'own@example.tt']);
  });
});

describe('a student and her guardians', () => {
  const ID = 'T2001';
  let student: ApiClient;
  let guardianId: number;

  beforeAll(async () => {
    await createStudent(t, { id: ID, first_name: 'Nia', password: PASSWORD });
    await createStudent(t, { id: 'T2002', password: PASSWORD });
    guardianId = await createGuardian(t, {
      email: 'nia.mum@example.tt',
      name: 'Nia Mum',
      password: MUM_PASSWORD,
      students: [ID],
    });
    await createGuardian(t, { email: 'other.mum@example.tt', password: MUM_PASSWORD, students: ['T2002'] });
    student = await signedInStudent(t, ID, PASSWORD);
  });

  it('sees who can act for her and her pending invitations; nobody else’s, and no guardian sees the list', async () => {
    await expectStatus(student.post('/api/guardians/invite', { student_id: ID, email: 'nia.dad@example.tt' }), 201);
    const mine = (await expectStatus(student.get(`/api/students/${ID}/guardians`), 200)).body as StudentGuardians;
    expect(mine.guardians).toEqual([
      { id: guardianId, name: 'Nia Mum', email: 'nia.mum@example.tt', linked_at: expect.any(String) },
    ]);
    expect(mine.invitations).toEqual([
      expect.objectContaining({ email: 'nia.dad@example.tt', invited_by: `student:${ID}` }),
    ]);
    const other = await expectStatus(student.get('/api/students/T2002/guardians'), 403);
    expect(other.body.message).toBe(MESSAGES.forbidden);
    const mum = await signedInGuardian(t, 'nia.mum@example.tt', MUM_PASSWORD);
    await expectStatus(mum.get(`/api/students/${ID}/guardians`), 403);
  });

  it('removes her own guardian: audited with her as the actor, the guardian signed out at once', async () => {
    const mum = await signedInGuardian(t, 'nia.mum@example.tt', MUM_PASSWORD);
    await expectStatus(mum.get(`/api/student-record/${ID}`), 200);
    // Another student's guardian is not hers to remove, nor may she name another student.
    const otherMum = (await t.ds.query("SELECT id FROM users WHERE username = 'other.mum@example.tt'")) as {
      id: number;
    }[];
    await expectStatus(
      student.post('/api/guardians/unlink', { student_id: ID, guardian_id: Number(otherMum[0].id) }),
      404,
    );
    await expectStatus(
      student.post('/api/guardians/unlink', { student_id: 'T2002', guardian_id: Number(otherMum[0].id) }),
      403,
    );

    await expectStatus(student.post('/api/guardians/unlink', { student_id: ID, guardian_id: guardianId }), 204);
    await expectStatus(mum.get(`/api/student-record/${ID}`), 401);
    const trail = await t.ds.getRepository(AuditEntry).findBy({ action: 'guardian.unlinked', entity_id: ID });
    expect(trail.map((e) => [e.actor, e.old_value])).toEqual([[`student:${ID}`, 'nia.mum@example.tt']]);
    const after = (await expectStatus(student.get(`/api/students/${ID}/guardians`), 200)).body as StudentGuardians;
    expect(after.guardians).toEqual([]);
    // Removed again: there is no such link any more.
    await expectStatus(student.post('/api/guardians/unlink', { student_id: ID, guardian_id: guardianId }), 404);
    // Her own decision is not the office's ban: she may invite the address again.
    await expectStatus(student.post('/api/guardians/invite', { student_id: ID, email: 'nia.mum@example.tt' }), 201);
  });
});

describe('the office’s ban on an address', () => {
  it('covers its other spellings: a +tag, and dots where Gmail ignores them', async () => {
    await createStudent(t, { id: 'T3001', password: PASSWORD });
    const dadId = await createGuardian(t, { email: 'kai.dad@gmail.com', password: MUM_PASSWORD, students: ['T3001'] });
    const other = await createGuardian(t, { email: 'kai.mum@example.tt', password: MUM_PASSWORD, students: ['T3001'] });
    await expectStatus(admin.post('/api/guardians/unlink', { student_id: 'T3001', guardian_id: dadId }), 204);
    await expectStatus(admin.post('/api/guardians/unlink', { student_id: 'T3001', guardian_id: other }), 204);
    const kai = await signedInStudent(t, 'T3001', PASSWORD);
    for (const email of [
      'kai.dad@gmail.com',
      'Kai.Dad+again@gmail.com',
      'kaidad@gmail.com',
      'k.a.i.d.a.d@googlemail.com',
      'kai.mum+x@example.tt',
      // Full-width letters in the domain: the mail library maps them to gmail.com and example.tt (IDNA).
      'kai.dad@ｇｍａｉｌ.com',
      'kai.mum@ＥＸＡＭＰＬＥ.tt',
    ]) {
      const refused = await expectStatus(kai.post('/api/guardians/invite', { student_id: 'T3001', email }), 403);
      expect(refused.body.message).toBe(GUARDIAN_MESSAGES.removedByOffice);
    }
    // Dots matter elsewhere: another mailbox.
    await expectStatus(kai.post('/api/guardians/invite', { student_id: 'T3001', email: 'kaimum@example.tt' }), 201);
  });
});

describe('an unlinked guardian', () => {
  // An invitation sent while she was linked, to another spelling of her mailbox, and not yet
  // accepted, brought her back after the link was ended. Ending a link withdraws the student's pending invitations
  // to the same mailbox; other addresses' invitations stay.
  it.each([
    ['the office', 'T3002'],
    ['the student', 'T3003'],
  ])('cannot come back through an invitation still pending (unlinked by %s)', async (by, id) => {
    await createStudent(t, { id, password: PASSWORD });
    const mumId = await createGuardian(t, { email: `ada.mum.${id}@gmail.com`, password: MUM_PASSWORD, students: [id] });
    const ada = await signedInStudent(t, id, PASSWORD);
    await expectStatus(
      ada.post('/api/guardians/invite', { student_id: id, email: `adamum${id}+portal@gmail.com` }),
      201,
    );
    const [invitation] = await t.ds.getRepository(OutboxMessage).findBy({ kind: 'guardian-invitation' });
    const token = /guardian-invitation\?token=([A-Za-z0-9_-]+)/.exec(invitation.text_body)![1];
    await expectStatus(ada.post('/api/guardians/invite', { student_id: id, email: 'ada.dad@example.tt' }), 201);

    const unlinker = by === 'the office' ? admin : ada;
    await expectStatus(unlinker.post('/api/guardians/unlink', { student_id: id, guardian_id: mumId }), 204);
    const visitor = await new ApiClient(t).primeCsrf();
    for (const res of [
      await expectStatus(visitor.post('/api/guardians/invitation', { token }), 410),
      await expectStatus(
        visitor.post('/api/guardians/accept', { token, name: 'Ada Mum', password: 'Ada-Mum-Pass-2026' }),
        410,
      ),
    ])
      expect(res.body.message).toBe(GUARDIAN_MESSAGES.invitationGone);
    const left = (await expectStatus(ada.get(`/api/students/${id}/guardians`), 200)).body as StudentGuardians;
    expect(left.guardians).toEqual([]);
    expect(left.invitations.map((i) => i.email)).toEqual(['ada.dad@example.tt']);
  });
});

describe('only a bare address', () => {
  beforeAll(() => createStudent(t, { id: 'T4001', password: PASSWORD }));

  it.each(['x<evil@attacker.tt>', 'Mum <mum@example.tt>', 'mum@example.tt, evil@attacker.tt', 'mum@example.tt (mum)'])(
    'is invited: %j answers 422 and nothing is queued',
    async (email) => {
      const student = await signedInStudent(t, 'T4001', PASSWORD);
      for (const by of [admin, student]) {
        const res = await expectStatus(by.post('/api/guardians/invite', { student_id: 'T4001', email }), 422);
        expect(res.body.errors.email).toEqual([GUARDIAN_MESSAGES.emailInvalid]);
      }
      expect(await t.ds.getRepository(OutboxMessage).count()).toBe(0);
    },
  );

  it('is taken in the record’s address fields', async () => {
    const res = await expectStatus(
      admin.post('/api/student', { id: 'T4001', email_mother: 'x<evil@attacker.tt>' }),
      422,
    );
    expect(res.body.errors.email_mother).toEqual([MESSAGES.email]);
  });
});

describe('a new guardian link', () => {
  it('is announced to the student and her family’s trusted addresses, not to the new guardian', async () => {
    await createStudent(t, {
      id: 'T5001',
      first_name: 'Lena',
      password: PASSWORD,
      extra: {
        email: 'lena@example.tt',
        living_status: 'Both Parents',
        email_mother: 'lena.mum@example.tt',
        email_father: 'Lena.Dad+portal@example.tt',
      },
    });
    // An aunt linked before wrote an address of hers into the guardian section: it is not told.
    await createGuardian(t, { email: 'aunt@example.tt', password: MUM_PASSWORD, students: ['T5001'] });
    const aunt = await signedInGuardian(t, 'aunt@example.tt', MUM_PASSWORD);
    await expectStatus(
      aunt.post('/api/student', { id: 'T5001', guardian_section: 1, email_guardian: 'aunt.other@example.tt' }),
      200,
    );
    await expectStatus(admin.post('/api/guardians/invite', { student_id: 'T5001', email: 'lena.dad@example.tt' }), 201);
    const [invitation] = await t.ds.getRepository(OutboxMessage).findBy({ kind: 'guardian-invitation' });
    const token = /guardian-invitation\?token=([A-Za-z0-9_-]+)/.exec(invitation.text_body)![1];
    await t.ds.query('DELETE FROM outbox');

    const dad = await new ApiClient(t).primeCsrf();
    await expectStatus(
      dad.post('/api/guardians/accept', { token, name: 'Leon Dad', password: 'Leon-Dad-Pass-1' }),
      200,
    );
    const rows = await t.ds.getRepository(OutboxMessage).findBy({ kind: 'guardian-linked' });
    // Her own and her mother's; her father's (the new guardian's mailbox, spelt with a +tag) and the aunt's not.
    expect(rows.map((r) => r.to_address).sort()).toEqual(['lena.mum@example.tt', 'lena@example.tt']);
    expect(rows[0].student_id).toBe('T5001');
    expect(rows[0].subject).toMatch(/^A parent account was linked to Lena's registration · /);
    expect(rows[0].text_body).toContain('The parent or guardian account of Leon Dad (lena.dad@example.tt)');
    // Committed with the link: one of each.
    expect(await t.ds.getRepository(AuditEntry).countBy({ action: 'guardian.linked', entity_id: 'T5001' })).toBe(1);
  });
});
