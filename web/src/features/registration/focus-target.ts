import { isDocumentType } from '../../../../shared/documents.js';
import type { MissingItem } from '../../../../shared/registration-progress.js';
import { FIELD_BY_NAME, type StudentFieldName } from '../../../../shared/student-fields.js';

/** Where a "still needed" link leads: a field of the form, or a document's upload slot. */
export type FocusTarget = Pick<MissingItem, 'field' | 'document'>;

/**
 * The URL fragment of a target: the field's name, which is also its box's id (fields/record-field.tsx), or
 * 'document-<type>' for an upload slot.
 */
export function targetHash(t: FocusTarget): string {
  return t.document ? `document-${t.document}` : (t.field ?? '');
}

export function targetOfHash(hash: string): FocusTarget | null {
  const h = decodeURIComponent(hash.replace(/^#/, ''));
  if (h.startsWith('document-') && isDocumentType(h.slice('document-'.length)))
    return { document: h.slice('document-'.length) as FocusTarget['document'] };
  return FIELD_BY_NAME.has(h) ? { field: h as StudentFieldName } : null;
}

function elementOf(t: FocusTarget): HTMLElement | null {
  if (t.document) return document.querySelector<HTMLElement>(`[data-document-type="${t.document}"]`);
  return t.field ? document.getElementById(t.field) : null;
}

/** A plain left click, not one that asks the browser for a new tab or window: that one follows the link. */
export function isPlainClick(e: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/** The slot's first control that takes the focus (its file button), or the slot itself. */
function focusableIn(slot: HTMLElement): HTMLElement {
  const control = slot.querySelector<HTMLElement>(
    'button:not([disabled]), a[href], input:not([type=hidden]):not([disabled])',
  );
  if (control && control.getClientRects().length > 0) return control;
  slot.tabIndex = -1;
  return slot;
}

/**
 * Scrolls to the target and gives it the keyboard focus, as soon as it is on the page (the step may
 * still be loading after a link to another step). Gives up quietly after a few seconds: a field the
 * form does not show leaves the page where it is. Returns a function that stops waiting.
 */
export function focusTarget(t: FocusTarget, timeoutMs = 5000): () => void {
  const until = Date.now() + timeoutMs;
  let timer = 0;
  const attempt = () => {
    const el = elementOf(t);
    if (el && el.getClientRects().length > 0) {
      const target = t.document ? focusableIn(el) : el;
      (t.document ? el : target).scrollIntoView({ block: 'center' });
      target.focus({ preventScroll: true });
      return;
    }
    if (Date.now() < until) timer = window.setTimeout(attempt, 50);
  };
  attempt();
  return () => window.clearTimeout(timer);
}
