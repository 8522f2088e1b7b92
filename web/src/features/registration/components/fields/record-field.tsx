import { AutoComplete, Checkbox, Col, DatePicker, Form, type FormItemProps, Input, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { MESSAGES, PHONE_DIGITS } from '../../../../../../shared/constants.js';
import {
  type FieldSpec,
  fieldProblem,
  fieldSpec,
  sameFieldValue,
  type StudentFieldName,
} from '../../../../../../shared/student-fields.js';
import { type FieldValue, fieldSaveQueue } from '../../save-queue/field-save-queue.js';
import { useFieldSave } from '../../save-queue/use-field-save.js';
import { type RegistrationContextValue, useRegistration } from '../registration-context.js';
import { DigitsInput, PhoneInput } from './digits-input.js';
import { type FormValue, rulesFor, toApiValue, toFormValue } from './field-values.js';
import { SaveStatusIcon, SaveStatusLine } from './save-status-icon.js';

export type FieldWidth = 'full' | 'half' | 'third';

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

const SPAN: Record<FieldWidth, { xs: number; sm?: number; md: number }> = {
  full: { xs: 24, md: 24 },
  half: { xs: 24, md: 12 },
  third: { xs: 24, sm: 12, md: 8 },
};

/** Text-like fields save when they lose focus; choices, switches and dates as soon as they change. */
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

/** House and class as a student sees them: set by the school, shown by name. */
function SchoolSetValue({ spec, reg, width }: { spec: FieldSpec; reg: RegistrationContextValue; width: FieldWidth }) {
  const value = reg.record[spec.name as StudentFieldName];
  const shown = lookupOptions(spec, reg).find((o) => o.value === value)?.label ?? (value === null ? '' : String(value));
  const id = `${spec.name}-readonly`;
  return (
    <Col {...SPAN[width]}>
      <Form.Item label={<label htmlFor={id}>{spec.label}</label>} extra="Set by the school">
        <Input id={id} value={shown || 'Not assigned yet'} readOnly variant="filled" />
      </Form.Item>
    </Col>
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
  const form = Form.useFormInstance();
  const save = useFieldSave(reg.studentId, name);
  const rules = useMemo(() => rulesFor(spec, reg.today), [spec, reg.today]);
  // A refused tick or switch shows what is saved again (the line under it says why); a refused text
  // stays as typed, for her to correct.
  const refused = save.status === 'refused';
  useEffect(() => {
    if (refused && spec.kind === 'flag') form.setFieldValue(name, toFormValue(spec, reg.record[name]));
  }, [refused, spec, name, form, reg.record]);
  const [townSearch, setTownSearch] = useState('');
  const shownNow = Form.useWatch(name, form) as FormValue;
  // What the field held on the server when she started editing: a save made from it must not
  // overwrite an answer another device saved in the meantime (the server answers 409 instead).
  const startedFrom = useRef<FieldValue | undefined>(undefined);
  const onFocus = () => {
    if (!fieldSaveQueue.field(reg.studentId, name).entry) startedFrom.current = reg.record[name];
  };

  /**
   * Queues the field's value when it is valid and differs from what is saved (or from what is still
   * waiting to be sent). Synchronous up to the queue, which keeps the value on the device at once:
   * a field committed as the page unloads is not lost.
   */
  const commit = () => {
    const raw = form.getFieldValue(name) as FormValue;
    const sent = toApiValue(spec, raw);
    const waiting = fieldSaveQueue.field(reg.studentId, name).entry;
    const hasWaiting = waiting !== undefined && waiting.state !== 'refused';
    if (!hasWaiting && sameFieldValue(sent, reg.record[name])) return;
    // The form shows the rule's message (same rule and words as the server's).
    void form.validateFields([name]).catch(() => undefined);
    if (fieldProblem(spec, sent, reg.today)) {
      save.dismiss(); // not saved: no check from an earlier save
      return;
    }
    // The server trims text: show what it keeps.
    if (typeof raw === 'string' && raw !== toFormValue(spec, sent)) form.setFieldValue(name, toFormValue(spec, sent));
    const expected = hasWaiting
      ? waiting.expected
      : startedFrom.current !== undefined
        ? startedFrom.current
        : reg.record[name];
    startedFrom.current = undefined;
    save.save(sent, expected, saveExtra?.(sent));
  };
  const onBlur = savesOnBlur(spec, input) ? commit : undefined;
  const onChange = savesOnBlur(spec, input) ? undefined : commit;

  const status = <SaveStatusIcon save={save} />;
  const statusLine = (
    <SaveStatusLine
      save={save}
      show={(v) => shownValue(spec, reg, v)}
      onUseSaved={(v) => {
        form.setFieldValue(name, toFormValue(spec, v));
        void form.validateFields([name]).catch(() => undefined);
      }}
    />
  );
  let control: ReactNode;
  let valueProps: Pick<FormItemProps, 'getValueProps' | 'normalize' | 'valuePropName'> = {};
  if (spec.kind === 'flag') {
    valueProps = {
      valuePropName: 'checked',
      getValueProps: (v: FormValue) => ({ checked: v === 1 }),
      normalize: (checked: boolean) => (checked ? 1 : 0),
    };
    control =
      input === 'checkbox' ? (
        <Checkbox onChange={onChange}>
          {label ?? spec.label}
          {status}
        </Checkbox>
      ) : (
        <Switch onChange={onChange} />
      );
  } else if (spec.kind === 'date') {
    valueProps = {
      getValueProps: (v: FormValue) => ({ value: typeof v === 'string' ? dayjs(v) : null }),
      normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined),
    };
    const isAllowed = (d: Dayjs) => {
      const day = d.format('YYYY-MM-DD');
      return !(spec.minDate && day < spec.minDate) && !(spec.notFuture && day > reg.today);
    };
    control = (
      <DatePicker
        onChange={onChange}
        format="YYYY-MM-DD"
        placeholder="YYYY-MM-DD"
        style={{ width: '100%' }}
        allowClear={!spec.required}
        disabledDate={(d) => !isAllowed(d)}
        // Opens on the stored date's month; an empty date of birth opens on a likely year.
        defaultPickerValue={
          typeof shownNow === 'string' ? dayjs(shownNow) : spec.notFuture ? dayjs().subtract(12, 'year') : undefined
        }
      />
    );
  } else if (isChoice(spec) && input !== 'town') {
    control = (
      <Select
        onChange={onChange}
        options={lookupOptions(spec, reg)}
        allowClear={!spec.required}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Choose…"
      />
    );
  } else if (input === 'town') {
    const search = townSearch.trim().toLowerCase();
    const towns = reg.lookups.towns
      .map((t) => t.town_name)
      .filter((town) => !search || town.toLowerCase().includes(search));
    control = (
      <AutoComplete
        onBlur={onBlur}
        onSearch={setTownSearch}
        onFocus={onFocus}
        onSelect={(town: string) => {
          form.setFieldValue(name, town);
          commit();
        }}
        options={towns.map((town) => ({ value: town }))}
        maxLength={spec.max}
        placeholder="Type or choose a town"
      />
    );
  } else if (spec.kind === 'phone') {
    control = <PhoneInput field={name} onFocus={onFocus} onBlur={onBlur} maxLength={PHONE_DIGITS} />;
  } else if (spec.kind === 'digits') {
    control = <DigitsInput onFocus={onFocus} onBlur={onBlur} maxLength={spec.max} style={{ maxWidth: 120 }} />;
  } else if (spec.multiline) {
    control = (
      <Input.TextArea onFocus={onFocus} onBlur={onBlur} maxLength={spec.max} autoSize={{ minRows: 2, maxRows: 8 }} />
    );
  } else {
    control = (
      <Input
        onFocus={onFocus}
        onBlur={onBlur}
        maxLength={spec.max}
        inputMode={spec.kind === 'email' ? 'email' : undefined}
        autoComplete="off"
      />
    );
  }

  const checkbox = spec.kind === 'flag' && input === 'checkbox';
  // Switches and ticks are small: two to a row even on a phone.
  const span = spec.kind === 'flag' && width === 'third' ? { xs: 12, md: 8 } : SPAN[width];
  return (
    <Col {...span}>
      <Form.Item
        name={name}
        label={
          checkbox ? undefined : (
            <span>
              {label ?? spec.label}
              {status}
            </span>
          )
        }
        required={spec.required}
        rules={rules}
        validateTrigger={savesOnBlur(spec, input) ? 'onBlur' : 'onChange'}
        extra={
          spec.kind === 'phone' || save.snapshot.entry ? (
            <>
              {spec.kind === 'phone' && MESSAGES.phoneHint}
              {statusLine}
            </>
          ) : undefined
        }
        style={checkbox ? { marginBottom: 8 } : undefined}
        {...valueProps}
      >
        {control}
      </Form.Item>
    </Col>
  );
}
