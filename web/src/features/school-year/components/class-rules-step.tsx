import { Alert, AutoComplete, Button, Flex, Select, Table, Tag, Typography } from 'antd';
import { type ClassRuleAction, type ClassRuleView, defaultClassRule } from '../../../../../shared/school-year.js';
import { effectiveRules, type RuleDraft, ruleProblem } from '../rollover-choices.js';

const RULE_ACTIONS: { value: ClassRuleAction; label: string }[] = [
  { value: 'promote', label: 'Move up to' },
  { value: 'graduate', label: 'Graduate' },
  { value: 'leave', label: 'Leave the school' },
];

type RuleRow = ReturnType<typeof effectiveRules>[number] & { students: number; problem: string | null };

/**
 * Step 1 of the New School Year screen (docs/product.md §2): each class with what happens to it at the end of the
 * year. A rule that is the class's default (1A → 2A, Form 6 graduates) is marked 'default'; any rule can be changed
 * (5A leaves the school, 6L moves to 6U).
 */
export function ClassRulesStep({
  rules,
  drafts,
  studentsPerClass,
  classOptions,
  onDraft,
  onNext,
}: {
  rules: readonly ClassRuleView[];
  drafts: Readonly<Record<string, RuleDraft>>;
  studentsPerClass: ReadonlyMap<string, number>;
  classOptions: { value: string }[];
  onDraft: (classId: string, draft: RuleDraft) => void;
  onNext: () => void;
}) {
  const known = new Set(classOptions.map((o) => o.value));
  const rows: RuleRow[] = effectiveRules(rules, drafts).map((r) => ({
    ...r,
    students: studentsPerClass.get(r.class_id) ?? 0,
    problem: ruleProblem(r, known),
  }));
  const problems = rows.filter((r) => r.problem);
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        What happens to each class
      </Typography.Title>
      <Typography.Paragraph>
        Every student of a class follows its rule, unless you change her in the next step.
      </Typography.Paragraph>
      <Table<RuleRow>
        size="small"
        rowKey="class_id"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'The school has no classes yet.' }}
        columns={[
          { title: 'Class', dataIndex: 'class_id', render: (v: string) => <strong>{v}</strong> },
          { title: 'Students', dataIndex: 'students', align: 'right' },
          {
            title: 'At the end of the year',
            key: 'action',
            render: (_, r) => (
              <Select<ClassRuleAction>
                aria-label={`What happens to class ${r.class_id}`}
                value={r.action}
                options={RULE_ACTIONS}
                style={{ width: 170 }}
                onChange={(action) =>
                  onDraft(r.class_id, {
                    action,
                    // Moving up again: to the class it moved to, else its default next class.
                    next_class_id: r.next_class_id ?? defaultClassRule(r.class_id).next_class_id,
                  })
                }
              />
            ),
          },
          {
            title: 'Next class',
            key: 'next',
            render: (_, r) =>
              r.action === 'promote' ? (
                <Flex vertical gap={2}>
                  <AutoComplete
                    aria-label={`Class ${r.class_id} moves up to`}
                    value={r.next_class_id ?? ''}
                    options={classOptions}
                    filterOption={(input, o) => String(o?.value ?? '').startsWith(input.trim().toUpperCase())}
                    status={r.problem ? 'error' : undefined}
                    style={{ width: 110 }}
                    maxLength={10}
                    onChange={(v: string) => onDraft(r.class_id, { action: 'promote', next_class_id: v })}
                  />
                  {r.problem && (
                    <Typography.Text type="danger" role="alert">
                      {r.problem}
                    </Typography.Text>
                  )}
                </Flex>
              ) : (
                <Typography.Text type="secondary">{r.action === 'graduate' ? 'Graduates' : 'Leaves'}</Typography.Text>
              ),
          },
          {
            title: 'Rule',
            key: 'kind',
            render: (_, r) => (r.isDefault ? <Tag>default</Tag> : <Tag color="blue">set by the school</Tag>),
          },
        ]}
      />
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={
            problems.length === 1 ? 'A class rule needs correcting.' : `${problems.length} class rules need correcting.`
          }
        />
      )}
      <Flex justify="end" style={{ marginTop: 16 }}>
        <Button type="primary" disabled={problems.length > 0} onClick={onNext}>
          Next: the students
        </Button>
      </Flex>
    </>
  );
}
