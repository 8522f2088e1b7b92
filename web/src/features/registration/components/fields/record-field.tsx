import { type ReactNode, type TextareaHTMLAttributes, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MESSAGES, PHONE_DIGITS } from '../../../../../../shared/constants.js';
import {
  type FieldSpec,
  fieldSpec,
  sameFieldValue,
  type StudentFieldName,
} from '../../../../../../shared/student-fields.js';
import { type FieldValue, fieldSaveQueue } from '../../save-queue/field-save-queue.js';
import { useFieldSave } from '../../save-queue/use-field-save.js';
import { type RegistrationContextValue, useRegistration } from '../registration-context.js';
import { FieldCell, type FieldWidth } from '../step-form.js';
import { DigitsInput, PhoneInput } from './digits-input.js';
import { type FormValue, formProblem, toApiValue, toFormValue } from './field-values.js';
import { SaveStatusIcon, SaveStatusLine } from './save-status-icon.js';
import { useStepForm, useStepFormError, useStepFormValue } from './step-form-store.js';

interface RecordFieldProps {
  name: StudentFieldName;
  /** A different label from the catalogue's (e.g. within a titled card). */
  label?: ReactNode;
  /** 'town': free text with the town list as suggestions (docs/product.md §2); 'checkbox' for a flag. */
  input?: 'town' | 'checkbox';
  width?: FieldWidth;
  /** What a save of this value sends beside it (the terms version she read, with her tick). */
  saveExtra?: (value: FieldValue) => Record<string, unknown> | undefined;
}

/** A date box left half filled in. */
const PART_DATE = 'Enter the whole date (day, month and year), or clear it.';

/** Text-like fields save when they lose focus; choices, switches and dates when they change (typed dates: below). */
function savesOnBlur(spec: FieldSpec, input?: string): boolean {
  if (input === 'town') return true;
  return !isChoice(spec) && ['text', 'phone', 'email', 'digits'].includes(spec.kind);
}

/** A value picked from a list (options or a lookup such as the regional corporations). */
function isChoice(spec: FieldSpec): boolean {
  return spec.kind === 'option' || spec.kind === 'code' || Boolean(spec.lookup);
}

function lookupOptions(spec: FieldSpec, reg: RegistrationContextValue): { value: string | number; label: string }[] {
  const l = reg.lookups;
  switch (spec.lookup) {
    case 'houses':
      return l.houses.map((h) => ({ value: h.id, label: h.name }));
    case 'formClasses':
      return l.formClasses.map((c) => ({ value: c.class_id, label: `Form ${c.form_level} · ${c.class_id}` }));
    case 'religions':
      return l.religions.map((r) => ({ value: r.code, label: r.religion }));
    case 'ethnicGroups':
      return l.ethnicGroups.map((g) => ({ value: g.id, label: g.group_type }));
    case 'regions':
      return l.regions.map((r) => ({ value: r.title, label: r.title }));
    default:
      return (spec.options ?? []).map((o) => ({ value: o, label: o }));
  }
}

/** A field's label, its required mark (drawn by CSS, as antd's: not part of the label's words) and save state. */
function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="pf-label">
      <label htmlFor={htmlFor} className={required ? 'rf-required' : undefined}>
        {children}
      </label>
    </div>
  );
}

/** House and class as a student sees them: set by the school, shown by name. */
function SchoolSetValue({ spec, reg, width }: { spec: FieldSpec; reg: RegistrationContextValue; width: FieldWidth }) {
  const value = reg.record[spec.name as StudentFieldName];
  const shown = lookupOptions(spec, reg).find((o) => o.value === value)?.label ?? (value === null ? '' : String(value));
  const id = `${spec.name}-readonly`;
  return (
    <FieldCell width={width}>
      <div className="pf-item plain-field">
        <FieldLabel htmlFor={id}>{spec.label}</FieldLabel>
        <input
          id={id}
          className="pf-input rf-filled"
          value={shown || 'Not assigned yet'}
          readOnly
          aria-describedby={`${id}_help`}
        />
        <div className="pf-help" id={`${id}_help`}>
          <div className="pf-extra">Set by the school</div>
        </div>
      </div>
    </FieldCell>
  );
}

/**
 * One field of the registration record, all from the shared catalogue: its label, input, limits and
 * rules (the server's, with the same messages), and its own autosave with a save indicator.
 */
export function RecordField({ name, label, input, width = 'half', saveExtra }: RecordFieldProps) {
  const spec = fieldSpec(name);
  const reg = useRegistration();
  if (spec.schoolSet && !reg.isAdmin) return <SchoolSetValue spec={spec} reg={reg} width={width} />;
  return <EditableField spec={spec} label={label} input={input} width={width} saveExtra={saveExtra} />;
}

/** A value as a person reads it, for the "changed on another device" choice. */
function shownValue(spec: FieldSpec, reg: RegistrationContextValue, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (spec.kind === 'flag') return value === 1 ? 'Yes' : 'No';
  if (isChoice(spec)) return lookupOptions(spec, reg).find((o) => o.value === value)?.label ?? String(value);
  return String(value);
}

function EditableField({
  spec,
  label,
  input,
  width,
  saveExtra,
}: Omit<RecordFieldProps, 'name'> & { spec: FieldSpec; width: FieldWidth }) {
  const name = spec.name as StudentFieldName;
  const reg = useRegistration();
  const form = useStepForm();
  const value = useStepFormValue(name);
  const error = useStepFormError(name);
  const save = useFieldSave(reg.studentId, name);
  // A refused tick or switch shows what is saved again (the line under it says why); a refused text
  // stays as typed, for her to correct.
  const refused = save.status === 'refused';
  useEffect(() => {
    if (refused && spec.kind === 'flag') form.setValue(name, toFormValue(spec, reg.record[name]));
  }, [refused, spec, name, form, reg.record]);
  // What the field held on the server when she started editing: a save made from it must not
  // overwrite an answer another device saved in the meantime (the server answers 409 instead).
  const startedFrom = useRef<FieldValue | undefined>(undefined);
  /** When a key was last pressed in the box (an event's timeStamp): a date typed part by part is not a date picked. */
  const typedAt = useRef(-Infinity);
  /** The message shown is a refused paste's (not the rule's). */
  const pasteRefused = useRef(false);
  /** What a paste left out (a phone's extension), said under the box until her next change. */
  const [pasteNote, setPasteNote] = useState<string | null>(null);
  const onFocus = () => {
    if (!fieldSaveQueue.field(reg.studentId, name).entry) startedFrom.current = reg.record[name];
  };
  const validate = () => form.setError(name, formProblem(spec, form.value(name), reg.today));

  /**
   * Queues the field's value when it is valid and differs from what is saved (or from what is still
   * waiting to be sent). Synchronous up to the queue, which keeps the value on the device at once:
   * a field committed as the page unloads is not lost.
   */
  const commit = () => {
    const raw = form.value(name);
    const sent = toApiValue(spec, raw);
    const waiting = fieldSaveQueue.field(reg.studentId, name).entry;
    const hasWaiting = waiting !== undefined && waiting.state !== 'refused';
    // The field shows the rule's message (same rule and words as the server's) each time it is left or changed, as
    // antd's form did: also when the value is back to the saved one.
    const problem = formProblem(spec, raw, reg.today);
    form.setError(name, problem);
    if (!hasWaiting && sameFieldValue(sent, reg.record[name])) return;
    if (problem) {
      save.dismiss(); // not saved: no check from an earlier save
      return;
    }
    // The server trims text: show what it keeps.
    if (typeof raw === 'string' && raw !== toFormValue(spec, sent)) form.setValue(name, toFormValue(spec, sent));
    const expected = hasWaiting
      ? waiting.expected
      : startedFrom.current !== undefined
        ? startedFrom.current
        : reg.record[name];
    startedFrom.current = undefined;
    save.save(sent, expected, saveExtra?.(sent));
  };
  const onBlur = savesOnBlur(spec, input) ? commit : undefined;
  /** A new value typed or chosen: kept in the form; a choice saves at once; a shown message follows the value. */
  const change = (next: FormValue) => {
    form.setValue(name, next);
    setPasteNote(null);
    if (!savesOnBlur(spec, input)) commit();
    else if (pasteRefused.current) {
      // A refused paste's message goes with her next change; the rule's own waits until she leaves the box.
      pasteRefused.current = false;
      form.setError(name, null);
    } else if (form.error(name)) validate();
  };

  const status = <SaveStatusIcon save={save} />;
  const statusLine = (
    <SaveStatusLine
      save={save}
      show={(v) => shownValue(spec, reg, v)}
      onUseSaved={(v) => {
        form.setValue(name, toFormValue(spec, v));
        validate();
      }}
    />
  );
  const hint = spec.kind === 'phone' ? MESSAGES.phoneHint : null;
  const hasHelp = Boolean(error || hint || pasteNote || save.snapshot.entry);
  const box = {
    id: name,
    'aria-required': spec.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': hasHelp ? `${name}_help` : undefined,
  };
  const boxClass = `pf-input${error ? ' pf-invalid' : ''}`;
  const textBox = {
    ...box,
    value: typeof value === 'string' ? value : '',
    maxLength: spec.max,
    onFocus,
    onBlur,
    className: boxClass,
  };

  let control: ReactNode;
  const checkbox = spec.kind === 'flag' && input === 'checkbox';
  if (checkbox) {
    control = (
      <label className="rf-check">
        <input {...box} type="checkbox" checked={value === 1} onChange={(e) => change(e.target.checked ? 1 : 0)} />
        <span>
          {label ?? spec.label}
          {status}
        </span>
      </label>
    );
  } else if (spec.kind === 'flag') {
    control = (
      <button
        {...box}
        type="button"
        role="switch"
        aria-checked={value === 1}
        className="rf-switch"
        onClick={() => change(value === 1 ? 0 : 1)}
      >
        <span className="rf-switch-handle" />
      </button>
    );
  } else if (spec.kind === 'date') {
    // The phone's own date picker; it offers no day outside the rule's limits (docs/product.md §5).
    control = (
      <input
        {...box}
        type="date"
        className={`${boxClass} rf-date`}
        value={typeof value === 'string' ? value : ''}
        required={spec.required}
        min={spec.minDate}
        max={spec.notFuture ? reg.today : undefined}
        onFocus={onFocus}
        onKeyDown={(e) => {
          typedAt.current = e.timeStamp;
        }}
        onChange={(e) => {
          // A day picked in the calendar saves at once. A date typed changes part by part (year 0002, 0020, …, a
          // day 01 on its way to 14): it saves, and its rule's message shows, when she leaves the box.
          form.setValue(name, e.target.value || undefined);
          if (e.timeStamp - typedAt.current > 500) commit();
          else if (form.error(name)) validate();
        }}
        onBlur={(e) => {
          // Left half typed (a day cleared to retype it): the box reads as empty, but she did not empty it. Nothing is
          // sent, and she is told what is missing.
          if (e.currentTarget.validity.badInput) form.setError(name, PART_DATE);
          else commit();
        }}
      />
    );
  } else if (isChoice(spec) && input !== 'town') {
    const options = lookupOptions(spec, reg);
    const empty = value === undefined || value === '';
    // A saved value the list no longer has (a class or region renamed since) is shown as it is, not as another.
    const unlisted = !empty && !options.some((o) => o.value === value);
    control = (
      <select
        {...box}
        className={`${boxClass} rf-select${empty ? ' rf-placeholder' : ''}`}
        value={empty ? '' : String(value)}
        onFocus={onFocus}
        onChange={(e) =>
          change(options.find((o) => String(o.value) === e.target.value)?.value ?? (e.target.value ? value : undefined))
        }
      >
        {/* A required choice cannot be emptied once made; an optional one can. */}
        <option value="" disabled={spec.required}>
          Choose…
        </option>
        {unlisted && <option value={String(value)}>{String(value)}</option>}
        {options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (input === 'town') {
    control = (
      <>
        <input
          {...textBox}
          list={`${name}-suggestions`}
          autoComplete="off"
          placeholder="Type or choose a town"
          onChange={(e) => {
            const town = e.target.value;
            change(town);
            // A town picked from the suggestions saves at once, as a choice does (not a word the phone's spelling
            // correction replaced while she types: that is the same kind of input, but not a town of the list).
            const how = (e.nativeEvent as InputEvent).inputType;
            if ((!how || how === 'insertReplacementText') && reg.lookups.towns.some((t) => t.town_name === town))
              commit();
          }}
        />
        <datalist id={`${name}-suggestions`}>
          {reg.lookups.towns.map((t) => (
            <option key={t.town_name} value={t.town_name} />
          ))}
        </datalist>
      </>
    );
  } else if (spec.kind === 'phone') {
    control = (
      <PhoneInput
        {...textBox}
        maxLength={PHONE_DIGITS}
        onValueChange={change}
        onPasteRefused={(problem) => {
          pasteRefused.current = true;
          form.setError(name, problem);
        }}
        onPasteNote={setPasteNote}
      />
    );
  } else if (spec.kind === 'digits') {
    control = <DigitsInput {...textBox} onValueChange={change} style={{ maxWidth: 120 }} />;
  } else if (spec.multiline) {
    control = (
      <AutoGrowTextArea {...textBox} className={`${boxClass} rf-textarea`} onChange={(e) => change(e.target.value)} />
    );
  } else {
    control = (
      <input
        {...textBox}
        type="text"
        inputMode={spec.kind === 'email' ? 'email' : undefined}
        autoComplete="off"
        onChange={(e) => change(e.target.value)}
      />
    );
  }

  return (
    <FieldCell width={width} pair={spec.kind === 'flag' && width === 'third'}>
      <div className={`pf-item plain-field${checkbox ? ' rf-check-item' : ''}${error ? ' pf-has-error' : ''}`}>
        {!checkbox && (
          <FieldLabel htmlFor={name} required={spec.required}>
            {label ?? spec.label}
            {status}
          </FieldLabel>
        )}
        {control}
        {hasHelp && (
          <div className="pf-help" id={`${name}_help`}>
            {error && <div className="pf-error plain-field-error">{error}</div>}
            {hint && <div className="pf-extra">{hint}</div>}
            {/* Always there under a phone, so that the note is announced when it appears. */}
            {spec.kind === 'phone' && (
              <div className="pf-extra" role="status">
                {pasteNote}
              </div>
            )}
            {statusLine}
          </div>
        )}
      </div>
    </FieldCell>
  );
}

/**
 * A text area that grows with what is typed, from two lines to eight (registration-form.css's max-height), in every
 * browser (CSS's field-sizing is not in all of them yet).
 */
function AutoGrowTextArea(props: TextareaHTMLAttributes<HTMLTextAreaElement> & { value: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${box.scrollHeight + 2}px`; // its two 1 px borders
  }, [props.value]);
  return <textarea {...props} ref={ref} rows={2} />;
}
