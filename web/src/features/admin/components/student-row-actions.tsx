import { LoadingOutlined } from '@ant-design/icons';
import { memo } from 'react';
import type { StudentListItem } from '../../../../../shared/admin-types.js';
import { plainName } from './student-name.js';
import './student-row-actions.css';

export type RowAction =
  'form' | 'changes' | 'edit' | 'registration' | 'reports' | 'reset' | 'history' | 'guardians' | 'export';

/**
 * Each action's visible name says what it does; its accessible name adds whose row it is ('Edit Chloe Ali',
 * 'History of Chloe Ali'), beginning with the visible words (WCAG 2.5.3 label in name).
 */
const ACTIONS: { key: RowAction; text: string; of: string; only?: (s: StudentListItem) => boolean }[] = [
  { key: 'form', text: 'Registration Form', of: ' of ' },
  // A returning student's changes since last year, and her kept forms (a new student has no last year).
  { key: 'changes', text: 'Changes since last year', of: ' of ', only: (s) => s.round?.returning === true },
  { key: 'edit', text: 'Edit', of: ' ' },
  { key: 'registration', text: 'Edit/View Registration', of: ' of ' },
  { key: 'reports', text: 'Term Reports', of: ' of ' },
  { key: 'reset', text: 'Reset Password', of: ' of ' },
  { key: 'history', text: 'History', of: ' of ' },
  { key: 'guardians', text: 'Guardians', of: ' of ' },
  { key: 'export', text: 'Export her data (ZIP)', of: ' of ' },
];

/**
 * A Students row's actions, as buttons that say what they do. Plain buttons in antd's link-button look
 * (student-row-actions.css): eight antd Buttons a row were most of the time a 50-row page took to draw on a slow
 * phone. `exporting` shows her data export under way.
 */
export const StudentRowActions = memo(function StudentRowActions({
  student,
  exporting,
  onAction,
}: {
  student: StudentListItem;
  exporting: boolean;
  onAction: (action: RowAction, student: StudentListItem) => void;
}) {
  const name = plainName(student);
  return (
    <div className="student-row-actions">
      {ACTIONS.map(({ key, text, of, only }) => {
        if (only && !only(student)) return null;
        const busy = key === 'export' && exporting;
        return (
          <button
            key={key}
            type="button"
            className="student-row-action"
            aria-label={`${text}${of}${name}`}
            aria-busy={busy || undefined}
            onClick={busy ? undefined : () => onAction(key, student)}
          >
            {busy && <LoadingOutlined aria-hidden />}
            <span>{text}</span>
          </button>
        );
      })}
    </div>
  );
});
