import { LAYOUT, THEME } from '../../shared/constants.js';
import { GUARDIAN_MESSAGES } from '../../shared/guardians.js';
import { iconSvg } from '../../shared/icon-svg.js';
import { fieldId, SIGN_IN_FORMS, type SignInField } from '../../shared/sign-in-forms.js';
import { escapeHtml } from '../pdf/html.js';
import { iconDefinition } from './icon-definitions.js';

/*
 * The sign-in screens as the server draws them while the client's code loads (docs/design.md §7). For `/`, `/admin`
 * and `/guardian-login` it is the real form, typeable before any script has run, with the same classes, ids and names
 * as the client's page (web/src/components/plain-controls.tsx, the pages in web/src/features/…), so the page replaces
 * it without moving and takes over what she typed (web/src/lib/shell-handover.ts). Nothing of it can send anything:
 * its LOGIN is `type="button"` and a form with two text boxes has no implicit submission (HTML's rule), so a press
 * before the code arrives never puts her password in a URL; the client remembers a press made after its first
 * script ran and signs in when the page is drawn. No inline script (CSP script-src 'self').
 */

/** What the shell shows that depends on the server's configuration. */
export interface SignInShellOptions {
  /** STUDENT_ID_LOOKUP: the student sign-in shows 'Click here to get your student ID'. */
  studentIdLookup?: boolean;
}

const attr = (name: string, value: string | undefined): string =>
  value === undefined ? '' : ` ${name}="${escapeHtml(value)}"`;

function icon(name: string, className: string): string {
  return iconSvg(iconDefinition(name), { 'aria-hidden': 'true', class: `pf-icon ${className}` });
}

function field(formId: string, f: SignInField): string {
  const id = fieldId(formId, f.name);
  const common =
    attr('id', id) +
    attr('name', f.name) +
    attr('autocomplete', f.autoComplete) +
    attr('placeholder', f.placeholder) +
    attr('inputmode', f.inputMode) +
    attr('aria-describedby', f.hint && `${id}_help`) +
    ' aria-required="true"';
  const box =
    f.kind === 'password'
      ? `<span class="pf-affix"><input${common} type="password">` +
        '<button type="button" class="pf-eye" aria-label="Show password" aria-pressed="false">' +
        `${icon('EyeOutlined', 'pf-eye-on')}${icon('EyeInvisibleOutlined', 'pf-eye-off')}</button></span>`
      : `<input${common} autocapitalize="off" spellcheck="false" type="text" class="pf-input">`;
  // The hint as the page draws it under the box (PlainField's `extra`).
  const hint = f.hint
    ? `<div class="pf-help" id="${escapeHtml(id)}_help"><div class="pf-extra">${escapeHtml(f.hint)}</div></div>`
    : '';
  return (
    '<div class="pf-item plain-field"><div class="pf-label">' +
    `<label for="${escapeHtml(id)}">${escapeHtml(f.label)}</label></div>${box}${hint}</div>`
  );
}

/** The links under each form, as the page draws them. */
function links(path: string, options: SignInShellOptions): string {
  if (path === '/')
    return (
      '<div class="pf-links"><a href="/forgot-password">Forgot your password?</a>' +
      (options.studentIdLookup
        ? '<button type="button" class="pf-link-button" data-shell-lookup>Click here to get your student ID</button>'
        : '') +
      '</div><div class="pf-guardian-box">' +
      `<a class="guardian-way-in" href="/guardian-login">${escapeHtml(GUARDIAN_MESSAGES.signInPrompt)}</a></div>`
    );
  if (path === '/admin')
    return (
      '<div class="pf-links pf-links-row"><a href="/admin/forgot-password">Forgot your password?</a>' +
      '<a href="/">Student login</a></div>'
    );
  return (
    '<p class="pf-note">No account yet? Open the link in the invitation e-mail the school sent you.</p>' +
    '<div class="pf-links"><a href="/guardian-forgot-password">Forgot your password?</a>' +
    '<a href="/">Student? Sign in with your student ID</a></div>'
  );
}

/** The sign-in form of `path` ('/', '/admin', '/guardian-login'), or null for another path. */
export function signInFormShell(path: string, options: SignInShellOptions = {}): string | null {
  const form = SIGN_IN_FORMS[path];
  if (!form) return null;
  // The administrator's form signs in on Enter in any box (as her page does); the others move to the next box.
  const enter = path === '/admin' ? ' data-enter="submit"' : '';
  return (
    `<form id="${form.formId}" class="pf-form" novalidate data-sign-in-shell${enter}>` +
    form.fields.map((f) => field(form.formId, f)).join('') +
    '<div class="pf-item" style="margin-bottom:12px">' +
    '<button type="button" data-shell-submit class="pf-btn pf-btn-primary pf-btn-lg pf-btn-block"><span>LOGIN</span>' +
    `</button></div></form>${links(path, options)}`
  );
}

/**
 * The sign-in card as the client draws it (VisitorLayout, PlainCard, same classes), with the school name and, below
 * it, `body`: the form, or a loading line on the screens whose form needs the client (forgotten password, reset).
 */
export function signInShell(schoolName: string, subtitle: string, body?: string | null): string {
  const band = `background:${THEME.primary};border-bottom:4px solid ${THEME.secondary}`;
  return (
    `<div class="visitor-frame"><div aria-hidden="true" class="visitor-band" style="${band}"></div>` +
    '<main class="visitor-main">' +
    `<section class="plain-card" style="width:${LAYOUT.loginCardWidth}px">` +
    `<h1 class="plain-card-title">${escapeHtml(schoolName)}</h1>` +
    `<p class="plain-card-subtitle">${escapeHtml(subtitle)}</p>` +
    `${body ?? '<p role="status">Loading…</p>'}</section></main></div>`
  );
}
