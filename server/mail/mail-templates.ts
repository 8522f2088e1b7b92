import { academicYearLabel } from '../../shared/constants.js';
import { INVITATION_DAYS } from '../../shared/guardians.js';
import { MAIL_MESSAGES, type MailKind, RESET_TOKEN_MINUTES } from '../../shared/mail.js';
import { html, type SafeHtml } from '../pdf/html.js';
import { COLOR } from '../../shared/design-tokens.js';

/** A message's words, ready for the outbox: plain text and a simple HTML part saying the same. */
export interface MailContent {
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
}

/** What every message is built from: the school's name and the portal's address for links. */
export interface MailContext {
  schoolName: string;
  publicUrl: string;
}

/** A paragraph of text, or a link on its own line. */
type Block = string | { link: string };

// Messages say no more than a first name and what they are about (docs/design.md §6): the record stays
// behind sign-in. Every value is escaped in the HTML part (the html tag); the text part is plain text.
function compose(ctx: MailContext, kind: MailKind, subject: string, blocks: Block[]): MailContent {
  const text = [...blocks.map((b) => (typeof b === 'string' ? b : b.link)), `— ${ctx.schoolName}`].join('\n\n');
  const body: SafeHtml[] = blocks.map((b) =>
    typeof b === 'string'
      ? html`<p style="margin:0 0 16px;white-space:pre-line">${b}</p>`
      : html`<p style="margin:0 0 16px"><a href="${b.link}" style="color:${COLOR.primary}">${b.link}</a></p>`,
  );
  const page = html`<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:${COLOR.printBody}">
<p style="margin:0 0 16px;font-weight:bold;color:${COLOR.primary}">${ctx.schoolName}</p>
${body}
<p style="margin:24px 0 0;color:${COLOR.printSignature};font-size:14px">— ${ctx.schoolName}</p>
</body></html>`;
  return { kind, subject: `${subject} · ${ctx.schoolName}`, text, html: page.toString() };
}

/**
 * Whose account a message is about: a student by her first name, an administrator by her username, a guardian by
 * her sign-in address.
 */
export type AccountName = { student: string } | { admin: string } | { guardian: string };

function accountLine(account: AccountName): string {
  if ('student' in account) return `This is about ${account.student || 'the student'}'s student account.`;
  if ('guardian' in account) return `This is about the parent or guardian account ${account.guardian}.`;
  return `This is about the administrator account "${account.admin}".`;
}

export function passwordResetMail(ctx: MailContext, account: AccountName, link: string): MailContent {
  return compose(ctx, 'password-reset', 'Reset your portal password', [
    `Someone asked to reset the password of the school portal. ${accountLine(account)}`,
    `To choose a new password, open this link within ${RESET_TOKEN_MINUTES} minutes. It works once.`,
    { link },
    'If you did not ask for this, ignore this message: the password stays as it is.',
  ]);
}

export function passwordChangedMail(ctx: MailContext, account: AccountName): MailContent {
  return compose(ctx, 'password-changed', 'Your portal password was changed', [
    MAIL_MESSAGES.passwordChangedNotice,
    accountLine(account),
  ]);
}

/** To the address an administrator's recovery address replaced. */
export function recoveryAddressChangedMail(ctx: MailContext, account: AccountName): MailContent {
  return compose(ctx, 'recovery-address-changed', 'Your portal recovery address was changed', [
    'The e-mail address for a forgotten password was changed: links to reset the password no longer come here. ' +
      "If this wasn't you, contact the school office.",
    accountLine(account),
  ]);
}

export function reportCardMail(ctx: MailContext, firstName: string, year: number, term: number): MailContent {
  const who = firstName || 'Your daughter';
  return compose(ctx, 'report-card', `${who}'s report card is ready`, [
    `${who}'s Term ${term}, ${academicYearLabel(year)} report card is ready. Sign in at ${ctx.publicUrl}/ to read it.`,
    { link: `${ctx.publicUrl}/` },
  ]);
}

/** One step still to finish and what it needs, e.g. Family Data: Mother: Name, Emergency Contact. */
export interface MissingStep {
  step: string;
  missing: string[];
}

export function registrationReminderMail(
  ctx: MailContext,
  firstName: string,
  missing: MissingStep[],
  deadline: string | null,
): MailContent {
  const who = firstName || 'Your daughter';
  const list = missing.map((m) => (m.missing.length ? `• ${m.step}: ${m.missing.join(', ')}` : `• ${m.step}`));
  return compose(ctx, 'registration-reminder', `${who}'s registration is not finished`, [
    `${who}'s registration on the school portal is not finished yet. Still needed:`,
    list.join('\n'),
    deadline
      ? `Registration closes on ${longDate(deadline)}: please finish it before then. ` +
        `Sign in at ${ctx.publicUrl}/ to continue where you left off.`
      : `Please finish it as soon as you can. Sign in at ${ctx.publicUrl}/ to continue where you left off.`,
    { link: `${ctx.publicUrl}/` },
  ]);
}

/** An invitation to a parent or guardian account linked to a student (docs/product.md §11). */
export function guardianInvitationMail(ctx: MailContext, firstName: string, link: string): MailContent {
  const who = firstName || 'a student';
  return compose(ctx, 'guardian-invitation', `Follow ${who}'s registration on the school portal`, [
    `You are invited to a parent or guardian account on the school portal for ${who}. ` +
      'With it you sign in with this e-mail address and your own password, fill in her registration and read ' +
      'her report cards. If you already have an account for another daughter, the same account is used.',
    `To accept, open this link within ${INVITATION_DAYS} days. It works once.`,
    { link },
    'If you did not expect this, ignore this message: nothing changes.',
  ]);
}

/**
 * To the student and her family when a parent or guardian account is linked to her (docs/product.md §11): who now
 * acts for her, and how to end it.
 */
export function guardianLinkedMail(
  ctx: MailContext,
  firstName: string,
  guardian: { name: string; email: string },
): MailContent {
  const who = firstName || 'the student';
  return compose(ctx, 'guardian-linked', `A parent account was linked to ${who}'s registration`, [
    `The parent or guardian account of ${guardian.name} (${guardian.email}) was linked to ${who}'s student ` +
      'account on the school portal. It can now fill in her registration, upload her documents and read her ' +
      'report cards.',
    `If this is not right, ${who} can remove it: sign in, open the menu, then 'Who can see my registration'. ` +
      'Or contact the school office.',
  ]);
}

/** 'YYYY-MM-DD' as 'Friday 4 December 2026' (a calendar date: no time zone applies). */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(Date.UTC(y, m - 1, d));
  const part = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { ...o, timeZone: 'UTC' }).format(at);
  return `${part({ weekday: 'long' })} ${d} ${part({ month: 'long' })} ${y}`;
}
