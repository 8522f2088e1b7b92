import { DOCUMENT_ORDER, type DocumentType } from '../../shared/documents.js';
import { type RegistrationProgress, STEP_LABELS } from '../../shared/registration-progress.js';
import { REGISTRATION_STEPS } from '../../shared/student-fields.js';
import { fontStack } from '../pdf/fonts.js';
import { html, type SafeHtml } from '../pdf/html.js';
import { documentPage } from './document-style.js';
import { COLOR } from '../../shared/design-tokens.js';

// The all-students registration report (docs/product.md §2 Reports): one row per student, grouped by class, with
// each step's completion and the documents received. Legal landscape, header row repeated per page.

export interface ReportRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  class_id: string | null;
  date_of_birth: string | null;
  progress: RegistrationProgress;
  documents: ReadonlySet<string>;
}

export interface RegistrationReportData {
  schoolName: string;
  /** 'All Students' or 'Class 1A' */
  scope: string;
  printedAt: string;
  /** classes in order, each with its students in order */
  classes: { classId: string; rows: ReportRow[] }[];
}

const DOC_SHORT: Record<DocumentType, string> = {
  birth_certificate: 'BC',
  immunization_card: 'IC',
  immunization_covid: 'CV',
  sea_slip: 'SEA',
  picture: 'PIC',
  immigration_permit: 'IMM',
};

const CSS = `
  .head { border-bottom: 2px solid ${COLOR.primary}; padding-bottom: 4pt; margin-bottom: 6pt;
    display: flex; justify-content: space-between; align-items: flex-end; }
  .legend { font-size: 8pt; color: ${COLOR.printLabel}; margin: 0 0 6pt; }
  h2 { margin-top: 10pt; color: ${COLOR.primary}; break-after: avoid; }
  table { width: 100%; border-collapse: collapse; font-size: 8.5pt; table-layout: fixed; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  th, td { border: 1px solid ${COLOR.printBorder}; padding: 2pt 4pt; text-align: left; vertical-align: top; }
  th { background: ${COLOR.primaryBg}; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  th { white-space: nowrap; overflow: hidden; font-size: 8pt; padding: 2pt 3pt; }
  td { overflow-wrap: anywhere; }
  col.id { width: 0.9in; } col.name { width: 2.3in; } col.class { width: 0.6in; } col.dob { width: 0.95in; }
  col.step { width: 1.07in; } col.n { width: 0.5in; }
  td.step, th.step { text-align: center; }
  td.yes { color: ${COLOR.printYes}; font-family: ${fontStack('DejaVu Sans')}; }
  td.no { color: ${COLOR.printNo}; }
  td.n, th.n { text-align: center; }
  .summary { margin-top: 3pt; font-size: 8.5pt; color: ${COLOR.printDark}; }
`;

function name(r: ReportRow): string {
  return [r.last_name, r.first_name].filter(Boolean).join(', ');
}

export function registrationReportHtml(d: RegistrationReportData): SafeHtml {
  const total = d.classes.reduce((n, c) => n + c.rows.length, 0);
  const cols = html`<colgroup><col class="id"><col class="name"><col class="class"><col class="dob">
    ${REGISTRATION_STEPS.map(() => html`<col class="step">`)}<col class="n"><col></colgroup>`;
  const head = html`<tr><th>ID</th><th>Name</th><th>Class</th><th>Date of Birth</th>
    ${REGISTRATION_STEPS.map((s) => html`<th class="step">${STEP_LABELS[s]}</th>`)}
    <th class="n">Steps</th><th>Documents Received</th></tr>`;

  const row = (r: ReportRow) => html`<tr>
    <td>${r.id}</td><td>${name(r)}</td><td>${r.class_id}</td><td>${r.date_of_birth}</td>
    ${REGISTRATION_STEPS.map((s) =>
      r.progress.steps[s].complete ? html`<td class="step yes">✓</td>` : html`<td class="step no">—</td>`,
    )}
    <td class="n">${r.progress.completed}/6</td>
    <td>${
      DOCUMENT_ORDER.filter((t) => r.documents.has(t))
        .map((t) => DOC_SHORT[t])
        .join(' ') || 'none'
    }</td>
  </tr>`;

  const body = html`
    <div class="head"><div><h1>${d.schoolName}</h1><div><b>Registration Report — ${d.scope}</b></div></div>
      <div class="muted">${total} student${total === 1 ? '' : 's'} · printed ${d.printedAt}</div></div>
    <p class="legend">✓ step complete, — not complete. Documents: BC birth certificate, IC immunization card,
      CV COVID-19 card, SEA SEA slip, PIC picture, IMM immigration permit.</p>
    ${d.classes.length === 0 ? html`<p>No students.</p>` : null}
    ${d.classes.map((c) => {
      const complete = c.rows.filter((r) => r.progress.completed === REGISTRATION_STEPS.length).length;
      const students = `${c.rows.length} student${c.rows.length === 1 ? '' : 's'}`;
      return html`<h2>Class ${c.classId}</h2>
        <table>${cols}<thead>${head}</thead><tbody>${c.rows.map(row)}</tbody></table>
        <div class="summary">${students}, ${complete} with every step complete.</div>`;
    })}`;
  return documentPage(`Registration Report ${d.scope}`, CSS, body);
}
