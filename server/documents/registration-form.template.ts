import type { DocumentFile, DocumentType } from '../../shared/documents.js';
import { DOCUMENT_LABELS, documentTypesFor } from '../../shared/documents.js';
import {
  familySectionsShown,
  isRegistrationComplete,
  type RegistrationProgress,
  STEP_LABELS,
} from '../../shared/registration-progress.js';
import { schoolYearLabel } from '../../shared/school-year.js';
import { type FieldGroup, type FieldSpec, fieldsOfGroup, REGISTRATION_STEPS } from '../../shared/student-fields.js';
import { type AgreementView, termsParagraphs } from '../../shared/terms.js';
import { html, type SafeHtml } from '../pdf/html.js';
import { documentPage, phoneText } from './document-style.js';
import { COLOR } from '../../shared/design-tokens.js';

// The registration form (docs/product.md §2 Complete, §9 Legal paper): the whole record in the order of the six
// steps, as a printable form. Empty fields are blank lines to fill in by hand.

export interface RegistrationFormData {
  schoolName: string;
  /** the school year the form is for, by its start year (docs/product.md §12.1) */
  schoolYear: number;
  /** the record's fields by name (the Student entity) */
  record: Readonly<Record<string, unknown>>;
  /** lookup codes as names */
  names: { house: string | null; religion: string | null; ethnicGroup: string | null };
  /** the uploaded picture (JPEG) or null */
  picture: Buffer | null;
  files: ReadonlyMap<DocumentType, DocumentFile>;
  showLearningChallenges: boolean;
  /** 'YYYY-MM-DD HH:mm' school time */
  printedAt: string;
  /** the record's progress (shared/registration-progress.ts) with its current files */
  progress: RegistrationProgress;
  /** her agreement against the current terms, and when ('YYYY-MM-DD HH:mm' school time) */
  agreement: AgreementView & { agreedAtLocal: string | null; currentVersion: number };
  /** the terms printed: the version she agreed to when it is known, else the current one */
  terms: { version: number; text: string };
}

const CSS = `
  .head { display: flex; justify-content: space-between; align-items: flex-start; gap: 0.2in;
    border-bottom: 2px solid ${COLOR.primary}; padding-bottom: 6pt; }
  .head .title { font-size: 13pt; margin-top: 4pt; font-weight: bold; }
  .head .meta { margin-top: 6pt; }
  .photo { width: 1.3in; height: 1.6in; border: 1px solid ${COLOR.printSoft}; flex: none;
    display: flex; align-items: center; justify-content: center; text-align: center;
    font-size: 8pt; color: ${COLOR.printSoft}; overflow: hidden; }
  .photo img { width: 100%; height: 100%; object-fit: cover; }
  section { margin-top: 9pt; }
  /* A section's heading is kept on the page of its first block: never alone at the foot of a page. */
  .lead { break-inside: avoid; }
  .lead > h2 { break-after: avoid; }
  section > h2, .lead > h2 { background: ${COLOR.primary}; color: ${COLOR.white}; padding: 2pt 6pt;
    -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .group { break-inside: avoid; margin-top: 5pt; }
  .group > h3 { font-size: 9.5pt; margin: 0 0 2pt; color: ${COLOR.primary};
    border-bottom: 1px solid ${COLOR.primaryRule}; }
  .grid { display: grid; grid-template-columns: 1fr 1fr; column-gap: 0.25in; row-gap: 3pt; }
  .f { display: flex; align-items: flex-end; gap: 5pt; min-height: 15pt; }
  .f .l { flex: none; color: ${COLOR.printDark}; font-size: 8.5pt; }
  .f .v { flex: 1; border-bottom: 1px solid ${COLOR.printLine}; min-height: 12pt; padding: 0 2pt;
    white-space: pre-wrap; overflow-wrap: anywhere; }
  .wide { grid-column: 1 / -1; }
  .f.long { display: block; }
  .f.long .l { display: block; margin-bottom: 1pt; }
  .f.long .v { display: block; border-bottom: none; min-height: 30pt; line-height: 15pt;
    background: repeating-linear-gradient(to bottom, transparent 0, transparent 14pt, ${COLOR.printLine} 14pt,
      ${COLOR.printLine} 15pt);
    -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .checks { display: grid; grid-template-columns: repeat(4, 1fr); row-gap: 3pt; column-gap: 0.15in; }
  .check { display: flex; align-items: center; gap: 4pt; }
  .box { width: 9pt; height: 9pt; border: 1px solid ${COLOR.printDark}; display: inline-flex; align-items: center;
    justify-content: center; font-size: 8pt; line-height: 1; flex: none; }
  table.docs { width: 100%; border-collapse: collapse; }
  table.docs td, table.docs th { border: 1px solid ${COLOR.printBorder}; padding: 3pt 5pt; text-align: left; }
  table.docs th { background: ${COLOR.printTableHeadBg}; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .agree { margin-top: 4pt; }
  .status { margin-top: 6pt; padding: 4pt 6pt; border: 1.5px solid ${COLOR.success}; font-weight: bold; }
  .status.incomplete { border-color: ${COLOR.printNo}; }
  .missing { margin: 2pt 0 0; padding-left: 14pt; }
  .terms { margin: 4pt 0; padding: 4pt 8pt; border-left: 2px solid ${COLOR.primaryRule}; font-size: 8.5pt; }
  .terms p { margin: 0 0 4pt; white-space: pre-line; }
  .sign { display: grid; grid-template-columns: 2fr 1fr; column-gap: 0.4in; margin-top: 22pt; }
  .sign div { border-top: 1px solid ${COLOR.printDark}; padding-top: 2pt; font-size: 8.5pt; }
`;

const GROUP_TITLES: Record<FieldGroup, string> = {
  school: 'School',
  personal: 'Personal Details',
  contact: 'Address and Contact',
  background: 'Background',
  immigration: 'Immigration Permit',
  living: 'Living Status',
  mother: 'Mother',
  father: 'Father',
  guardian: 'Guardian',
  demographics: 'Family',
  emergency: 'Emergency Contact',
  immunizations: 'Immunizations',
  conditions: 'Conditions',
  medical: 'Medical Details',
  learning: 'Learning Challenges',
  other: 'Other Data',
  agreement: 'Agreement',
};

const on = (v: unknown) => v === 1 || v === '1';

function text(v: unknown): string {
  return v === null || v === undefined ? '' : String(v);
}

export function registrationFormHtml(d: RegistrationFormData): SafeHtml {
  const r = d.record;

  const valueOf = (f: FieldSpec): string => {
    const v = r[f.name];
    switch (f.kind) {
      case 'phone':
        return phoneText(text(v)) ?? '';
      case 'flag':
        return on(v) ? 'Yes' : 'No';
      case 'code':
        if (f.lookup === 'houses') return d.names.house ?? '';
        if (f.lookup === 'religions') return d.names.religion ?? '';
        if (f.lookup === 'ethnicGroups') return d.names.ethnicGroup ?? '';
        return text(v);
      default:
        return text(v);
    }
  };

  // An empty field is a blank line to fill in by hand, a phone too: a printed '1868-' read as a number cut short.
  const field = (f: FieldSpec, extraClass = '') =>
    html`<div class="f ${extraClass}"><span class="l">${f.label}:</span><span class="v">${valueOf(f)}</span></div>`;

  const group = (g: FieldGroup, fields: FieldSpec[] = fieldsOfGroup(g), title = GROUP_TITLES[g]) => {
    const cells = fields.map((f) => field(f, f.multiline ? 'wide long' : ''));
    return html`
    <div class="group"><h3>${title}</h3><div class="grid">${cells}</div></div>`;
  };

  const checks = (g: FieldGroup, fields: FieldSpec[] = fieldsOfGroup(g)) => html`
    <div class="group"><h3>${GROUP_TITLES[g]}</h3><div class="checks">${fields.map(
      (f) => html`
      <div class="check"><span class="box sym">${on(r[f.name]) ? '✓' : ''}</span><span>${f.label}</span></div>`,
    )}</div></div>`;

  // Step 1: the immigration switch shows as a line; its section only when the student has a permit.
  const immigration = fieldsOfGroup('immigration');
  const permit = on(r.immigration_permit);
  const background = [...fieldsOfGroup('background'), ...immigration.filter((f) => f.name === 'immigration_permit')];

  // Step 2: the sections the living status (or their own tick) shows; all three on a form not yet filled.
  const shown = familySectionsShown(r);
  const none = !shown.mother && !shown.father && !shown.guardian;
  const parents = (['mother', 'father', 'guardian'] as const).filter((p) => none || shown[p]);

  const learning = fieldsOfGroup('learning');
  const conditions = fieldsOfGroup('conditions');
  const other = fieldsOfGroup('other');
  const docTypes = documentTypesFor({ immigration_permit: permit ? 1 : 0 });
  const agreed = on(r.agree_terms_conditions);
  const complete = isRegistrationComplete(d.progress);
  const stepsDone = `${d.progress.completed} of ${REGISTRATION_STEPS.length} steps complete`;
  const statusLine = complete
    ? 'Registration complete: all six steps are complete.'
    : `Registration NOT complete: ${stepsDone}.`;
  const a = d.agreement;
  const agreementLine = !agreed
    ? 'Terms and conditions: not agreed yet.'
    : a.version === null
      ? 'Terms and conditions: agreed (before the portal kept which version was agreed to).'
      : `Terms and conditions: agreed${a.agreedAtLocal ? ` on ${a.agreedAtLocal}` : ''} to version ${a.version}.`;
  const fullName = [r.first_name, r.middle_name, r.last_name].map(text).filter(Boolean).join(' ');
  const classLabel = text(r.class_id) || '—';
  const stillNeeded = complete ? null : ' What is still needed is listed under 6. Complete.';
  const photo = d.picture
    ? html`<img alt="Student picture" src="data:image/jpeg;base64,${d.picture.toString('base64')}">`
    : 'Affix a recent passport-size photograph here';
  const agreeBox = html`<span class="box sym">${agreed ? '✓' : ''}</span>`;
  const changedNote =
    a.changedSince && a.version !== null
      ? ` The school has changed the text since (now version ${a.currentVersion}).`
      : null;

  const body = html`
    <div class="head">
      <div>
        <h1>${d.schoolName}</h1>
        <div class="title">Student Registration Form · School year ${schoolYearLabel(d.schoolYear)}</div>
        <div class="meta"><b>${fullName || 'Student'}</b> · Student ID ${text(r.id)} · Class ${classLabel}</div>
        <div class="meta muted">Printed ${d.printedAt}</div>
        <div class="status ${complete ? '' : 'incomplete'}">${statusLine}${stillNeeded}</div>
      </div>
      <div class="photo">${photo}</div>
    </div>

    <section><div class="lead"><h2>1. Student Data</h2>${group('school')}</div>
      ${group('personal')}${group('contact')}${group('background', background)}
      ${
        permit
          ? group(
              'immigration',
              immigration.filter((f) => f.name !== 'immigration_permit'),
            )
          : null
      }
    </section>

    <section><div class="lead"><h2>2. Family Data</h2>${group(
      'living',
      fieldsOfGroup('living').filter((f) => f.kind !== 'flag'),
    )}</div>
      ${parents.map((p) => group(p))}
      ${group('demographics')}${group('emergency')}
    </section>

    <section><div class="lead"><h2>3. Medical Data</h2>${checks('immunizations')}</div>
      ${checks('conditions', conditions)}${group('medical')}
      ${
        d.showLearningChallenges
          ? html`${checks(
              'learning',
              learning.filter((f) => f.kind === 'flag'),
            )}${group(
              'learning',
              learning.filter((f) => f.kind !== 'flag'),
              'Other Learning Challenge',
            )}`
          : null
      }
    </section>

    <section><div class="lead"><h2>4. Other Data</h2>${group(
      'other',
      other.filter((f) => f.kind !== 'flag'),
    )}</div>
      <div class="group"><div class="checks">${other
        .filter((f) => f.kind === 'flag')
        .map(
          (f) => html`
        <div class="check"><span class="box sym">${on(r[f.name]) ? '✓' : ''}</span><span>${f.label}</span></div>`,
        )}</div></div>
    </section>

    <section><div class="lead"><h2>5. Documents</h2>
      <div class="group"><table class="docs">
        <thead><tr><th>Document</th><th>Received</th><th>File</th></tr></thead><tbody>
        ${docTypes.map((t) => {
          const f = d.files.get(t);
          const received = f ? f.uploaded_at.slice(0, 10) : 'Not received';
          return html`<tr><td>${DOCUMENT_LABELS[t]}</td><td>${received}</td><td>${f?.name ?? ''}</td></tr>`;
        })}
      </tbody></table></div></div>
    </section>

    <section><div class="lead"><h2>6. Complete</h2>
      <div class="group agree">
        <p><b>${statusLine}</b></p>
        ${
          complete
            ? null
            : html`<div>Still needed:</div><ul class="missing">${REGISTRATION_STEPS.filter(
                (s) => !d.progress.steps[s].complete,
              ).map(
                (s) => html`
          <li><b>${STEP_LABELS[s]}:</b> ${d.progress.steps[s].missing.join(', ')}</li>`,
              )}</ul>`
        }
      </div></div>
      <div class="group agree">
        <h3>Terms and Conditions (version ${d.terms.version})</h3>
        <div class="terms">${termsParagraphs(d.terms.text).map((p) => html`<p>${p}</p>`)}</div>
        <div class="check">${agreeBox}<span>I agree to the terms and conditions of the school.</span></div>
        <p>${agreementLine}${changedNote}</p>
        <div class="sign"><div>Signature of Parent / Guardian</div><div>Date</div></div>
      </div>
    </section>`;

  return documentPage(`Registration Form ${text(r.id)}`, CSS, body);
}
