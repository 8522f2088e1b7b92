import { describe, expect, it } from 'vitest';
import { familyAddresses } from './family-addresses.js';
import {
  guardianInvitationMail,
  guardianLinkedMail,
  longDate,
  passwordResetMail,
  registrationReminderMail,
  reportCardMail,
} from './mail-templates.js';

const ctx = { schoolName: `St. Mary's <Girls> & Co`, publicUrl: 'https://portal.example.tt' };

describe('mail templates', () => {
  it('escape every value in the HTML part and keep the plain text as typed', () => {
    const mail = reportCardMail(ctx, '<img src=x onerror=alert(1)>', 2026, 1);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('St. Mary&#39;s &lt;Girls&gt; &amp; Co');
    expect(mail.text).toContain("<img src=x onerror=alert(1)>'s Term 1, 2026-2027 report card is ready.");
    expect(mail.subject).toContain(ctx.schoolName);
  });

  it('put the reset link in both parts, naming the account by a first name or a username only', () => {
    const link = 'https://portal.example.tt/reset-password?token=abc_DEF-123';
    const student = passwordResetMail(ctx, { student: 'Brianna' }, link);
    expect(student.text).toContain(link);
    expect(student.html).toContain(`href="${link}"`);
    expect(student.text).toContain("Brianna's student account");
    expect(passwordResetMail(ctx, { admin: 'office' }, link).text).toContain('administrator account "office"');
  });

  it('list what a reminder says is missing, step by step, with the closing day', () => {
    const mail = registrationReminderMail(
      ctx,
      'Chloe',
      [
        { step: 'Family Data', missing: ['Mother: Name', 'Emergency Contact'] },
        { step: 'Complete', missing: [] },
      ],
      '2026-12-04',
    );
    expect(mail.text).toContain('• Family Data: Mother: Name, Emergency Contact\n• Complete');
    expect(mail.text).toContain('Registration closes on Friday 4 December 2026');
    expect(longDate('2027-01-01')).toBe('Friday 1 January 2027');
  });

  it('tell the family who was linked to a student and how she removes the account', () => {
    const mail = guardianLinkedMail(ctx, 'Brianna', { name: 'Nadia <Mohammed>', email: 'nadia@example.org' });
    expect(mail.kind).toBe('guardian-linked');
    expect(mail.subject).toBe(`A parent account was linked to Brianna's registration · ${ctx.schoolName}`);
    expect(mail.text).toBe(
      "The parent or guardian account of Nadia <Mohammed> (nadia@example.org) was linked to Brianna's student " +
        'account on the school portal. It can now fill in her registration, upload her documents and read her ' +
        'report cards.\n\n' +
        "If this is not right, Brianna can remove it: sign in, open the menu, then 'Who can see my registration'. " +
        'Or contact the school office.\n\n' +
        `— ${ctx.schoolName}`,
    );
    expect(mail.html).toContain('Nadia &lt;Mohammed&gt; (nadia@example.org)');
    expect(mail.html).not.toContain('<Mohammed>');
  });
});

describe('familyAddresses', () => {
  it('takes hers and those of the family members her record shows, each once whatever its case', () => {
    expect(
      familyAddresses({
        email: 'Girl@Example.tt ',
        living_status: 'Mother Only',
        email_mother: 'girl@example.tt',
        email_father: 'father@example.tt',
        father_section: 0,
        guardian_section: 1,
        email_guardian: 'aunt@example.tt',
      }),
    ).toEqual(['Girl@Example.tt', 'aunt@example.tt']);
    expect(
      familyAddresses({ living_status: 'Both Parents', email_mother: 'not-an-address', email_father: '' }),
    ).toEqual([]);
  });

  it('adds the linked guardian accounts after the record, an address on both only once', () => {
    const record = { email: 'girl@example.tt', living_status: 'Mother Only', email_mother: 'Mum@Example.tt' };
    expect(familyAddresses(record, ['mum@example.tt', 'dad@example.tt'])).toEqual([
      'girl@example.tt',
      'Mum@Example.tt',
      'dad@example.tt',
    ]);
  });
});

describe('guardianInvitationMail', () => {
  it('names the student by her first name, carries the link in both parts and says how long it works', () => {
    const link = 'https://portal.example.tt/guardian-invitation?token=abc_DEF-123';
    const mail = guardianInvitationMail(ctx, 'Aisha', link);
    expect(mail.kind).toBe('guardian-invitation');
    expect(mail.subject).toContain("Follow Aisha's registration");
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain('within 7 days. It works once.');
  });
});
