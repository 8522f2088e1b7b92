import { academicYearLabel } from '../../../shared/constants.js';
import { fontStack } from '../../pdf/fonts.js';
import { html, raw, type SafeHtml } from '../../pdf/html.js';
import type { ReportCardData } from '../report-cards.service.js';
import { COLOR } from '../../../shared/design-tokens.js';

// The end-of-term report card, one per page (US Legal, the school's paper). Every value goes through
// `html`, which escapes it: a comment typed as markup prints as text.

const STYLE = raw(`
  * { box-sizing: border-box; }
  body { font-family: ${fontStack('DejaVu Sans', 'Liberation Sans', 'Arial')};
    font-size: 10pt; color: ${COLOR.printText}; margin: 0; }
  .card { page-break-after: always; }
  .card:last-child { page-break-after: auto; }
  header { text-align: center; border-bottom: 3px solid ${COLOR.primary}; padding-bottom: 6pt; margin-bottom: 10pt; }
  header .school { font-size: 17pt; font-weight: bold; color: ${COLOR.primary}; }
  header .title { font-size: 13pt; font-weight: bold; margin-top: 3pt; }
  header .period { font-size: 11pt; margin-top: 2pt; }
  .who { width: 100%; border-collapse: collapse; margin-bottom: 10pt; }
  .who td { padding: 3pt 6pt; border: 1px solid ${COLOR.printBorder}; }
  .who .k { color: ${COLOR.printLabel}; width: 17%; background: ${COLOR.printLabelBg}; white-space: nowrap; }
  table.marks { width: 100%; border-collapse: collapse; }
  table.marks th { background: ${COLOR.primary}; color: ${COLOR.white}; font-weight: bold; text-align: left;
    padding: 4pt 5pt; font-size: 9.5pt; }
  table.marks td { border-bottom: 1px solid ${COLOR.printRowRule}; padding: 4pt 5pt; vertical-align: top; }
  table.marks td.n, table.marks th.n { text-align: right; white-space: nowrap; }
  table.marks tr.total td { font-weight: bold; border-top: 2px solid ${COLOR.primary}; border-bottom: none;
    background: ${COLOR.printTotalBg}; }
  .subject { font-weight: bold; }
  .teacher { color: ${COLOR.printMuted}; font-size: 8.5pt; }
  h2 { font-size: 11pt; color: ${COLOR.primary}; margin: 12pt 0 4pt; border-bottom: 1px solid ${COLOR.primary};
    padding-bottom: 2pt; }
  .facts { width: 100%; border-collapse: collapse; }
  .facts td { padding: 3pt 6pt; border: 1px solid ${COLOR.printBorder}; width: 25%; }
  .facts .k { color: ${COLOR.printLabel}; background: ${COLOR.printLabelBg}; }
  .remarks { border: 1px solid ${COLOR.printBorder}; padding: 6pt; min-height: 34pt; white-space: pre-wrap; }
  .sign { margin-top: 22pt; display: flex; gap: 30pt; }
  .sign div { flex: 1; border-top: 1px solid ${COLOR.printDark}; padding-top: 2pt; font-size: 8.5pt;
    color: ${COLOR.printLabel};
    text-align: center; }
  .status { margin-top: 10pt; font-size: 8.5pt; color: ${COLOR.printMuted}; }
  .empty { color: ${COLOR.printFaint}; font-style: italic; padding: 6pt 0; }
`);

const fmtMark = (m: number | null) => (m === null ? '' : Number.isInteger(m) ? String(m) : m.toFixed(1));
const fmtAverage = (m: number | null) => (m === null ? '' : m.toFixed(1));

/** 'YYYY-MM-DD' → 'Tuesday, 6 January 2026' (a calendar date: no time zone involved). */
export function longDate(ymd: string | null): string {
  if (!ymd) return '';
  const [y, m, d] = ymd.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

function card(c: ReportCardData, schoolName: string): SafeHtml {
  const marked = c.lines.some((l) => l.mark !== null);
  const totalRow = html`<tr class="total"><td>Overall average</td><td class="n">${fmtAverage(c.overall_average)}</td>
    <td></td><td></td><td></td></tr>`;
  return html`<section class="card">
  <header>
    <div class="school">${schoolName}</div>
    <div class="title">End of Term Report</div>
    <div class="period">Academic Year ${academicYearLabel(c.year)} &middot; Term ${c.term}</div>
  </header>
  <table class="who">
    <tr><td class="k">Student</td><td>${c.student_name}</td><td class="k">Student ID</td><td>${c.student_id}</td></tr>
    <tr><td class="k">Form / Class</td><td>Form ${c.form_level} - ${c.class_id}</td>
      <td class="k">Students in class</td><td>${c.class_size}</td></tr>
  </table>
  ${
    c.lines.length === 0
      ? html`<p class="empty">No subjects were recorded for this term.</p>`
      : html`
  <table class="marks">
    <thead><tr><th>Subject</th><th class="n">Mark</th><th>Grade</th>
      <th class="n">Class average</th><th>Comment</th></tr></thead>
    <tbody>
      ${c.lines.map(
        (l) => html`<tr>
        <td><div class="subject">${l.subject}</div>
          ${l.teacher ? html`<div class="teacher">${l.teacher}</div>` : ''}</td>
        <td class="n">${fmtMark(l.mark)}</td><td>${l.grade ?? ''}</td>
        <td class="n">${fmtAverage(l.class_average)}</td><td>${l.comment ?? ''}</td>
      </tr>`,
      )}
      ${marked ? totalRow : ''}
    </tbody>
  </table>`
  }
  <h2>Attendance and conduct</h2>
  <table class="facts">
    <tr><td class="k">Days absent</td><td>${c.days_absent ?? ''}</td>
      <td class="k">Times late</td><td>${c.times_late ?? ''}</td></tr>
    <tr><td class="k">Conduct</td><td colspan="3">${c.conduct ?? ''}</td></tr>
  </table>
  <h2>Form teacher's remarks</h2>
  <div class="remarks">${c.form_teacher_remarks ?? ''}</div>
  <h2>Principal's remarks</h2>
  <div class="remarks">${c.principal_remarks ?? ''}</div>
  <h2>Next term begins</h2>
  <div>${c.next_term_begins ? longDate(c.next_term_begins) : 'To be announced'}</div>
  <div class="sign"><div>Form teacher</div><div>Principal</div><div>Parent / guardian</div></div>
  <div class="status">${c.posted ? `Report posted ${c.date_posted}` : 'Report not posted'}</div>
</section>`;
}

/** One or more report cards as one HTML document. */
export function reportCardsHtml(cards: ReportCardData[], schoolName: string): SafeHtml {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>End of Term Report</title>
<style>${STYLE}</style></head>
<body>${cards.map((c) => card(c, schoolName))}</body></html>`;
}
