import { useEffect, useState } from 'react';

const ERROR_CLASS = 'ant-form-item-explain-error';
/** The sign-in pages' fields, drawn without antd (components/plain-controls.tsx). */
const PLAIN_ERROR_CLASS = 'plain-field-error';

/** 'Mobile: 7 Digits Needed' for an error node, named by its form item's label when it has one. */
function describe(error: Element): string {
  const label = (
    error.closest('.ant-form-item')?.querySelector('.ant-form-item-label label') ??
    error.closest('.plain-field')?.querySelector('label')
  )?.textContent?.trim();
  const text = error.textContent?.trim() ?? '';
  return label ? `${label}: ${text}` : text;
}

/**
 * Says each field error out loud. antd 6 ties an error to its field (aria-invalid, aria-describedby)
 * but no longer puts it in a live region, so a screen reader would not announce it when it appears
 * after the field is left. This one visually hidden polite region, for every form of the portal,
 * repeats each new error as it appears and empties itself when no field has an error.
 */
export function FieldErrorAnnouncer() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    // Each error node with the words it was announced with: a message that changes in place is said again.
    const announced = new WeakMap<Element, string>();
    // A live collection, kept up to date by the browser: reading it on each change costs no search.
    const errors = document.getElementsByClassName(ERROR_CLASS);
    const plainErrors = document.getElementsByClassName(PLAIN_ERROR_CLASS);
    const observer = new MutationObserver(() => {
      const current = [...errors, ...plainErrors].filter((e) => e.textContent?.trim());
      const fresh = current.filter((e) => announced.get(e) !== e.textContent);
      fresh.forEach((e) => announced.set(e, e.textContent ?? ''));
      if (fresh.length > 0) setMessage(fresh.map(describe).join('. '));
      else if (current.length === 0) setMessage('');
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div role="status" aria-live="polite" aria-atomic="true" data-testid="field-errors" className="visually-hidden">
      {message}
    </div>
  );
}
