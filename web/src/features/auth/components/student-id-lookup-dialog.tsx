import { type KeyboardEvent, useState } from 'react';
import { PlainField } from '../../../components/plain-controls.js';
import { PlainModal } from '../../../components/plain-dialog.js';
import { PlainButton } from '../../../components/plain-ui.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { isSearchableName, useStudentIdLookup } from '../api/use-student-id-lookup.js';

interface Props {
  open: boolean;
  onClose(): void;
  /** A match was picked: its student ID goes into the sign-in form. */
  onChoose(studentId: string): void;
}

const INPUT_ID = 'student-id-lookup-name';
const LIST_ID = 'student-id-lookup-options';
const STATUS_ID = 'student-id-lookup-status';

/**
 * 'Search for Student ID' (docs/product.md §2): a box for the student's name with the "ID – name" matches listed under
 * it (a combobox: the arrow keys go through them, Enter or a click chooses one).
 */
export default function StudentIdLookupDialog({ open, onClose, onChoose }: Props) {
  if (!open) return null;
  return <LookupDialog onClose={onClose} onChoose={onChoose} />;
}

function LookupDialog({ onClose, onChoose }: Omit<Props, 'open'>) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const name = useDebouncedValue(text, 400);
  const lookup = useStudentIdLookup(name);
  const searchable = isSearchableName(name);

  const options = (searchable ? (lookup.data ?? []) : []).map((m) => ({ id: m.id, label: `${m.id} – ${m.name}` }));
  const shown = options.length > 0;

  let status = 'Type the first name and the last name (at least 3 letters of each).';
  if (searchable && lookup.isFetching) status = 'Searching…';
  else if (searchable && lookup.isError) status = errorMessage(lookup.error);
  else if (searchable && lookup.data) {
    status =
      lookup.data.length === 0
        ? 'No student found with that name.'
        : `${lookup.data.length} found. Choose your name to use its ID.`;
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!shown) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + options.length) % options.length);
    } else if (e.key === 'Enter' && options[active]) {
      e.preventDefault();
      onChoose(options[active].id);
    }
  };

  return (
    <PlainModal open title="Search for Student ID" width={480} onClose={onClose}>
      <form className="pf-form" noValidate onSubmit={(e) => e.preventDefault()}>
        <PlainField id={INPUT_ID} label="Student Name">
          <div className="pf-combobox">
            <input
              id={INPUT_ID}
              className="pf-input"
              type="text"
              role="combobox"
              aria-expanded={shown}
              aria-controls={LIST_ID}
              aria-autocomplete="list"
              aria-activedescendant={shown && active >= 0 ? `${LIST_ID}-${active}` : undefined}
              aria-describedby={STATUS_ID}
              autoComplete="off"
              data-autofocus
              placeholder="First and last name"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setActive(-1);
              }}
              onKeyDown={onKeyDown}
            />
            {shown && (
              <ul className="pf-options" id={LIST_ID} role="listbox" aria-label="Students">
                {options.map((option, i) => (
                  <li
                    key={option.id}
                    id={`${LIST_ID}-${i}`}
                    role="option"
                    aria-selected={i === active}
                    className={i === active ? 'pf-option pf-option-active' : 'pf-option'}
                    // The box keeps the focus: a press on an option does not take it.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => onChoose(option.id)}
                  >
                    {option.label}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </PlainField>
      </form>
      <p
        id={STATUS_ID}
        className={searchable && lookup.isError ? 'pf-error' : 'pf-extra'}
        role="status"
        aria-live="polite"
        style={{ margin: '0 0 12px' }}
      >
        {status}
      </p>
      <div className="pf-dialog-actions">
        <PlainButton onClick={onClose}>Close</PlainButton>
      </div>
    </PlainModal>
  );
}
