// A tiny HTML template helper for the PDF templates: every interpolated value is escaped unless it is
// itself the result of `html` (or `raw`, for the few trusted constants such as a stylesheet).
//
//   const row = (s: Student) => html`<tr><td>${s.id}</td><td>${s.first_name}</td></tr>`;
//   const page = html`<table>${students.map(row)}</table>`;   // arrays are joined, each item escaped
//   page.toString()                                           // the HTML text
//
// null, undefined and false print nothing; numbers print as text. A student who types
// `<script>alert(1)</script>` into a field gets exactly that text printed on the document.

const brand = Symbol('SafeHtml');

export class SafeHtml {
  readonly [brand] = true;
  constructor(private readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/**
 * Escapes text for use in element content and in quoted attribute values: the server's one escaper
 * (the PDF templates, the PDF footer, the sign-in shell of the web client).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ESCAPES[c]);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<p>${name}</p>\`` → SafeHtml with `name` escaped. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0];
  for (let n = 0; n < values.length; n++) out += render(values[n]) + strings[n + 1];
  return new SafeHtml(out);
}

/** Marks trusted, constant markup (a stylesheet written in code) as safe. Never pass user data. */
export function raw(trusted: string): SafeHtml {
  return new SafeHtml(trusted);
}

/** A `data:` URL for an image embedded in a document (the renderer blocks every other request). */
export function dataUrl(mime: 'image/jpeg' | 'image/png', bytes: Buffer): string {
  return `data:${mime};base64,${bytes.toString('base64')}`;
}
