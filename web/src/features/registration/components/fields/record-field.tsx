import { AutoComplete, Checkbox, Col, DatePicker, Form, type FormItemProps, Input, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { MESSAGES, PHONE_DIGITS } from '../../../../../../shared/constants.js';
import { type FieldSpec, fieldSpec, type StudentFieldName } from '../../../../../../shared/student-fields.js';
import { errorMessage } from '../../../../lib/api-client.js';
import { useSaveStudentField } from '../../api/use-save-student-field.js';
import { type RegistrationContextValue, useRegistration } from '../registration-context.js';
import { DigitsInput, PhoneInput } from './digits-input.js';
import { type FormValue, rulesFor, sameValue, toApiValue, toFormValue } from './field-values.js';
import { SaveStatusIcon } from './save-status-icon.js';
import { useSaveIndicator } from './use-save-indicator.js';

export type FieldWidth = 'full' | 'half' | 'third';

interface RecordFieldProps {
  name: StudentFieldName;
  /** A different label from the catalogue's (e.g. within a titled card). */
  label?: ReactNode;
  /** 'town': free text with the town list as suggestions (§2); 'checkbox' for a flag. */
  input?: 'town' | 'checkbox';
  width?: FieldWidth;
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
    case 'houses': return l.houses.map((h) => ({ value: h.id, label: h.name }));
    case 'formClasses': return l.formClasses.map((c) => ({ value: c.class_id, label: `Form ${c.form_level} · ${c.class_id}` }));
    case 'religions': return l.religions.map((r) => ({ value: r.code, label: r.religion }));
    case 'ethnicGroups': return l.ethnicGroups.map((g) => ({ value: g.id, label: g.group_type }));
    case 'regions': return l.regions.map((r) => ({ value: r.title, label: r.title }));
    default: return (spec.options ?? []).map((o) => ({ value: o, label: o }));
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
export function RecordField({ name, label, input, width = 'half' }: RecordFieldProps) {
  const spec = fieldSpec(name);
  const reg = useRegistration();
  if (spec.schoolSet && !reg.isAdmin) return <SchoolSetValue spec={spec} reg={reg} width={width} />;
  return <EditableField spec={spec} label={label} input={input} width={width} />;
}

function EditableField({ spec, label, input, width }: { spec: FieldSpec; label?: ReactNode; input?: RecordFieldProps['input']; width: FieldWidth }) {
  const name = spec.name as StudentFieldName;
  const reg = useRegistration();
  const form = Form.useFormInstance();
  const save = useSaveStudentField(reg.studentId, name);
  const indicator = useSaveIndicator(save);
  const rules = useMemo(() => rulesFor(spec, reg.today), [spec, reg.today]);
  const [townSearch, setTownSearch] = useState('');

  /** Saves the field's current value when it is valid and differs from what is saved. */
  const commit = async () => {
    const sent = toApiValue(spec, form.getFieldValue(name) as FormValue);
    if (sameValue(sent, reg.record[name])) return;
    try {
      await form.validateFields([name]);
    } catch {
      save.reset(); // not saved: no check from an earlier save; the form shows the rule's message
      return;
    }
    save.mutate(sent, {
      onSuccess: (saved) => {
        // The server trims text: show what it kept, unless the user has typed on since.
        if (sameValue(toApiValue(spec, form.getFieldValue(name) as FormValue), sent)) {
          form.setFieldValue(name, toFormValue(spec, saved[name]));
        }
      },
    });
  };
  const onBlur = savesOnBlur(spec, input) ? () => void commit() : undefined;
  const onChange = savesOnBlur(spec, input) ? undefined : () => void commit();

  const status = <SaveStatusIcon state={indicator} error={save.isError ? errorMessage(save.error) : undefined} />;
  let control: ReactNode;
  let valueProps: Pick<FormItemProps, 'getValueProps' | 'normalize' | 'valuePropName'> = {};
  if (spec.kind === 'flag') {
    valueProps = { valuePropName: 'checked', getValueProps: (v: FormValue) => ({ checked: v === 1 }), normalize: (checked: boolean) => (checked ? 1 : 0) };
    control = input === 'checkbox' ? <Checkbox onChange={onChange}>{label ?? spec.label}{status}</Checkbox> : <Switch onChange={onChange} />;
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
        defaultPickerValue={spec.notFuture ? dayjs().subtract(12, 'year') : undefined}
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
    const towns = reg.lookups.towns.map((t) => t.town_name).filter((town) => !search || town.toLowerCase().includes(search));
    control = (
      <AutoComplete
        onBlur={onBlur}
        onSearch={setTownSearch}
        onSelect={(town: string) => {
          form.setFieldValue(name, town);
          void commit();
        }}
        options={towns.map((town) => ({ value: town }))}
        maxLength={spec.max}
        placeholder="Type or choose a town"
      />
    );
  } else if (spec.kind === 'phone') {
    control = <PhoneInput field={name} onBlur={onBlur} maxLength={PHONE_DIGITS} />;
  } else if (spec.kind === 'digits') {
    control = <DigitsInput onBlur={onBlur} maxLength={spec.max} style={{ maxWidth: 120 }} />;
  } else if (spec.multiline) {
    control = <Input.TextArea onBlur={onBlur} maxLength={spec.max} autoSize={{ minRows: 2, maxRows: 8 }} />;
  } else {
    control = <Input onBlur={onBlur} maxLength={spec.max} inputMode={spec.kind === 'email' ? 'email' : undefined} autoComplete="off" />;
  }

  const checkbox = spec.kind === 'flag' && input === 'checkbox';
  // Switches and ticks are small: two to a row even on a phone.
  const span = spec.kind === 'flag' && width === 'third' ? { xs: 12, md: 8 } : SPAN[width];
  return (
    <Col {...span}>
      <Form.Item
        name={name}
        label={checkbox ? undefined : <span>{label ?? spec.label}{status}</span>}
        required={spec.required}
        rules={rules}
        validateTrigger={savesOnBlur(spec, input) ? 'onBlur' : 'onChange'}
        extra={spec.kind === 'phone' ? MESSAGES.phoneHint : undefined}
        style={checkbox ? { marginBottom: 8 } : undefined}
        {...valueProps}
      >
        {control}
      </Form.Item>
    </Col>
  );
}
