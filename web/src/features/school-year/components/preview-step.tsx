import { AutoComplete, Button, Checkbox, Collapse, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import {
  ROLLOVER_ACTIONS,
  type RolloverAction,
  type RolloverPreview,
  type RolloverPreviewStudent,
} from '../../../../../shared/school-year.js';
import { LEAVING_REASON_MAX } from '../../../../../shared/rollover.js';
import { STUDENT_SEARCH_MAX, searchStudents } from '../../../../../shared/student-search.js';
import { SearchWithHint } from '../../../components/search-with-hint.js';
import {
  ACTION_LABELS,
  changedIds,
  choiceProblem,
  nextClassOf,
  outcomeOf,
  type StudentChoice,
  type StudentChoices,
  studentName,
} from '../rollover-choices.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const NO_CLASS = '(no class)';
const ACTION_OPTIONS = ROLLOVER_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] }));

const nameOf = (s: RolloverPreviewStudent) => [s.last_name, s.first_name].filter(Boolean).join(', ') || s.id;
const fullName = studentName;

function ruleSummary(preview: RolloverPreview, classId: string): string {
  const rule = preview.rules.find((r) => r.class_id === classId);
  if (!rule) return '';
  if (rule.action === 'promote') return `moves up to ${rule.next_class_id ?? '?'}`;
  return rule.action === 'graduate' ? 'graduates' : 'leaves the school';
}

/** One student's row: what happens to her, her new class, and why she leaves. */
function StudentTable({
  students,
  choices,
  changed,
  classOptions,
  errors,
  rules,
  onChoice,
}: {
  students: RolloverPreviewStudent[];
  rules: RolloverPreview['rules'];
  choices: StudentChoices;
  changed: ReadonlySet<string>;
  classOptions: { value: string }[];
  errors: Readonly<Record<string, string[]>>;
  onChoice: (student: RolloverPreviewStudent, choice: StudentChoice | null) => void;
}) {
  return (
    <Table<RolloverPreviewStudent>
      size="small"
      rowKey="id"
      dataSource={students}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: 'ID', dataIndex: 'id' },
        { title: 'Name', key: 'name', render: (_, s) => nameOf(s) },
        {
          title: 'What happens',
          key: 'action',
          render: (_, s) => {
            const c = outcomeOf(s, choices);
            return (
              <Select<RolloverAction>
                aria-label={`What happens to ${fullName(s)}`}
                value={c.action}
                options={ACTION_OPTIONS}
                style={{ width: 160 }}
                onChange={(action) =>
                  onChoice(s, {
                    ...c,
                    action,
                    to_class_id:
                      action !== 'promote' ? null : c.action === 'promote' ? c.to_class_id : nextClassOf(s, rules),
                  })
                }
              />
            );
          },
        },
        {
          title: 'New class',
          key: 'to',
          render: (_, s) => {
            const c = outcomeOf(s, choices);
            if (c.action === 'repeat')
              return <Typography.Text type="secondary">stays in {s.class_id ?? '—'}</Typography.Text>;
            if (c.action !== 'promote') return <Typography.Text type="secondary">—</Typography.Text>;
            return (
              <AutoComplete
                aria-label={`New class of ${fullName(s)}`}
                value={c.to_class_id ?? ''}
                options={classOptions}
                filterOption={(input, o) => String(o?.value ?? '').startsWith(input.trim().toUpperCase())}
                style={{ width: 100 }}
                maxLength={10}
                onChange={(v: string) => onChoice(s, { ...c, to_class_id: v })}
              />
            );
          },
        },
        {
          title: 'Reason for leaving',
          key: 'reason',
          render: (_, s) => {
            const c = outcomeOf(s, choices);
            const problem = choiceProblem(c, s.action);
            const own = errors[s.id] ?? [];
            return (
              <Flex vertical gap={2} style={{ minWidth: 200, maxWidth: 320 }}>
                {c.action === 'leave' && (
                  <Input
                    aria-label={`Why ${fullName(s)} leaves`}
                    placeholder="e.g. moved to another school"
                    value={c.reason}
                    maxLength={LEAVING_REASON_MAX}
                    status={problem ? 'error' : undefined}
                    onChange={(e) => onChoice(s, { ...c, reason: e.target.value })}
                  />
                )}
                {problem && (
                  <Typography.Text type="danger" style={{ fontSize: 13 }}>
                    {problem}
                  </Typography.Text>
                )}
                {own.map((m) => (
                  <Typography.Text key={m} type="danger" role="alert" style={{ fontSize: 13 }}>
                    {m}
                  </Typography.Text>
                ))}
              </Flex>
            );
          },
        },
        {
          title: '',
          key: 'changed',
          render: (_, s) =>
            changed.has(s.id) ? (
              <Flex gap={4} align="center">
                <Tag color="blue">changed</Tag>
                <Button size="small" type="link" onClick={() => onChoice(s, null)}>
                  Undo change<span className="visually-hidden"> for {fullName(s)}</span>
                </Button>
              </Flex>
            ) : null,
        },
      ]}
    />
  );
}

/**
 * Step 2 of the New School Year screen (docs/product.md §2): every student by her class, with what the rollover does
 * to her; the office changes any of them (repeats, leaves with a reason, graduates, another class). A search by name
 * or ID finds one in a whole school.
 */
export function PreviewStep({
  preview,
  choices,
  classOptions,
  errors,
  onChoice,
}: {
  preview: RolloverPreview;
  choices: StudentChoices;
  classOptions: { value: string }[];
  errors: Readonly<Record<string, string[]>>;
  onChoice: (student: RolloverPreviewStudent, choice: StudentChoice | null) => void;
}) {
  const [query, setQuery] = useState('');
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [open, setOpen] = useState<string[]>([]);
  const changed = useMemo(() => changedIds(preview.students, choices), [preview.students, choices]);
  const shown = useMemo(() => {
    const found = searchStudents(preview.students, query);
    return onlyChanged ? found.filter((s) => changed.has(s.id)) : found;
  }, [preview.students, query, onlyChanged, changed]);
  const groups = useMemo(() => {
    const byClass = new Map<string, RolloverPreviewStudent[]>();
    for (const s of shown) {
      const key = s.class_id ?? NO_CLASS;
      byClass.set(key, [...(byClass.get(key) ?? []), s]);
    }
    return [...byClass.entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
  }, [shown]);
  const filtering = query.trim() !== '' || onlyChanged;
  // While she searches, or a student has a refused change, the groups holding them are open.
  const withErrors = new Set(
    preview.students
      .filter((s) => errors[s.id] || choiceProblem(outcomeOf(s, choices), s.action))
      .map((s) => s.class_id ?? NO_CLASS),
  );
  const activeKey = filtering ? groups.map(([k]) => k) : [...new Set([...open, ...withErrors])];

  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        The students
      </Typography.Title>
      <Typography.Paragraph>
        Open a class to see its students. Change any student who does not follow her class: she repeats the year, leaves
        (say why), graduates or goes to another class.
      </Typography.Paragraph>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
        <SearchWithHint
          value={query}
          onChange={setQuery}
          placeholder="Search ID or name"
          label="Search students"
          hint="A name, an ID or a class (1A)"
          maxLength={STUDENT_SEARCH_MAX}
        />
        <Checkbox checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)}>
          Only the changed students ({changed.size})
        </Checkbox>
      </Flex>
      {groups.length === 0 ? (
        <Typography.Paragraph type="secondary">
          {preview.students.length === 0 ? 'The school has no current students.' : 'No student matches.'}
        </Typography.Paragraph>
      ) : (
        <Collapse
          activeKey={activeKey}
          onChange={(keys) => setOpen(Array.isArray(keys) ? keys : [keys])}
          items={groups.map(([classId, students]) => ({
            key: classId,
            label: (
              <span>
                <strong>Class {classId}</strong> · {plural(students.length, 'student', 'students')} ·{' '}
                {ruleSummary(preview, classId)}
                {students.some((s) => changed.has(s.id)) && (
                  <Tag color="blue" style={{ marginLeft: 8 }}>
                    {students.filter((s) => changed.has(s.id)).length} changed
                  </Tag>
                )}
              </span>
            ),
            children: (
              <StudentTable
                students={students}
                choices={choices}
                changed={changed}
                classOptions={classOptions}
                errors={errors}
                rules={preview.rules}
                onChoice={onChoice}
              />
            ),
          }))}
        />
      )}
    </>
  );
}
