import { Alert, Button, Flex, Modal, Result, Spin, Steps, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { LatestRollover } from '../../../../../shared/rollover.js';
import {
  type RolloverPreviewStudent,
  SCHOOL_YEAR_MESSAGES,
  schoolYearLabel,
} from '../../../../../shared/school-year.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { useFormClasses } from '../../../lib/queries/lookups/use-form-classes.js';
import { useSchoolYear } from '../../../lib/queries/use-school-year.js';
import { useLatestRollover } from '../api/use-latest-rollover.js';
import { useRollover } from '../api/use-rollover.js';
import { useRolloverPreview } from '../api/use-rollover-preview.js';
import { useUndoRollover } from '../api/use-undo-rollover.js';
import {
  type ActionCounts,
  changesToSend,
  choiceProblem,
  countActions,
  countsText,
  outcomeOf,
  latestRolloverText,
  placeErrors,
  type RuleDraft,
  type RuleInput,
  rulesToSend,
  type StudentChoice,
  unansweredText,
} from '../rollover-choices.js';
import { BackupAdvice } from './backup-advice.js';
import { ClassRulesStep } from './class-rules-step.js';
import { PreviewStep } from './preview-step.js';

const TITLE = 'New School Year';

function Title() {
  return (
    <>
      <title>{`${TITLE} · Administrator · Student Portal`}</title>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {TITLE}
      </Typography.Title>
    </>
  );
}

/** The live counts of the preview, before the confirm. */
function Counts({ counts, changed }: { counts: ActionCounts; changed: number }) {
  const item = (label: string, n: number) => (
    <Tag style={{ fontSize: 14, padding: '2px 8px' }}>
      {label}: <strong>{n}</strong>
    </Tag>
  );
  return (
    <Flex wrap gap={6} role="status" aria-live="polite" aria-label="Counts" style={{ margin: '12px 0' }}>
      {item('Promoted', counts.promote)}
      {item('Repeat', counts.repeat)}
      {item('Graduated', counts.graduate)}
      {item('Left', counts.leave)}
      {item('Changed by you', changed)}
    </Flex>
  );
}

/** '2027-2028 began on 27 Nov 2026 by admin:office: 3 promoted, 1 repeat, 0 graduated, 1 left.' */
function outcomeText(r: LatestRollover): string {
  return latestRolloverText(r, dayjs(r.rolled_at).format('D MMM YYYY'));
}

/**
 * The latest rollover's outcome, as the server keeps it (every tab and device sees it), with the way back (the undo)
 * while nothing has been saved in the new year, and a deliberate way on to plan the year after.
 */
function Done({
  latest,
  settingsPath,
  undo,
  onUndo,
  onPlanNext,
}: {
  latest: LatestRollover;
  settingsPath: string;
  undo: ReturnType<typeof useUndoRollover>;
  onUndo: () => void;
  onPlanNext: () => void;
}) {
  const [asking, setAsking] = useState<'undo' | 'next' | null>(null);
  const from = schoolYearLabel(latest.from_year);
  const next = schoolYearLabel(latest.to_year + 1);
  return (
    <Result
      status="success"
      title={<span role="status">{outcomeText(latest)}</span>}
      subTitle={
        <>
          Registration was closed by the rollover. When the school is ready, open it for{' '}
          {schoolYearLabel(latest.to_year)} in <Link to={settingsPath}>Settings</Link>.
        </>
      }
      extra={
        <Flex vertical align="center" gap={12}>
          {undo.isError && (
            <Alert type="error" showIcon role="alert" title={errorMessage(undo.error)} style={{ textAlign: 'left' }} />
          )}
          <Flex wrap justify="center" gap={8}>
            <Button danger loading={undo.isPending} onClick={() => setAsking('undo')}>
              Undo the rollover
            </Button>
            <Button disabled={undo.isPending} onClick={() => setAsking('next')}>
              Plan the next school year…
            </Button>
          </Flex>
          <Modal
            open={asking === 'undo'}
            title="Undo the rollover?"
            okText={`Yes, go back to ${from}`}
            okButtonProps={{ danger: true }}
            cancelText="No, keep it"
            onCancel={() => setAsking(null)}
            onOk={() => {
              setAsking(null);
              onUndo();
            }}
          >
            <Typography.Paragraph>
              The school goes back to {from}: every student&rsquo;s class and standing as they were before the rollover.
              This is possible only while nothing has been saved in the new school year.
            </Typography.Paragraph>
          </Modal>
          <Modal
            open={asking === 'next'}
            title={`Plan ${next} already?`}
            okText={`Yes, plan ${next}`}
            cancelText="No, stay here"
            onCancel={() => setAsking(null)}
            onOk={() => {
              setAsking(null);
              onPlanNext();
            }}
          >
            <Typography.Paragraph>
              {schoolYearLabel(latest.to_year)} has only just begun. Closing it would move every student on once more.
              To put right the rollover just made, undo it instead.
            </Typography.Paragraph>
          </Modal>
        </Flex>
      }
    />
  );
}

/** Above the wizard: the rollover that opened this year, which can no longer be undone (and why). */
function LastRollover({ latest }: { latest: LatestRollover }) {
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      title={outcomeText(latest)}
      description={latest.undoable ? undefined : SCHOOL_YEAR_MESSAGES.undoAfterSave}
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * docs/product.md §2 New School Year (/admin/new-school-year), §12.2: the office closes this school year and opens the
 * next in three steps: the classes' rules, the students (each can be changed), then the confirm; the outcome offers
 * the undo. Nothing chosen is lost when a request fails: the choices stay on screen until the rollover has been made.
 */
export function NewSchoolYearPage({ settingsPath }: { settingsPath: string }) {
  const year = useSchoolYear();
  const classes = useFormClasses();
  const [step, setStep] = useState<0 | 1>(0);
  const [drafts, setDrafts] = useState<Record<string, RuleDraft>>({});
  const [choices, setChoices] = useState<Record<string, StudentChoice>>({});
  // The office chose to plan the year after, past the outcome of the rollover that opened this one.
  const [planning, setPlanning] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [undone, setUndone] = useState(false);
  // What the confirm's failure leaves unknown: a lost answer or a 409 may hide a rollover made (here or elsewhere).
  const [unsure, setUnsure] = useState<'checking' | 'unknown' | null>(null);
  const rollover = useRollover();
  // Here, not in the outcome's part: the year the undo restores unmounts that part before the undo's answer is handled.
  const undo = useUndoRollover();
  const latest = useLatestRollover();

  // The rollover that opened this school year, as the server keeps it (any tab, device or administrator made it).
  const opened = latest.data && year.data && latest.data.to_year === year.data.year ? latest.data : null;
  const showDone = opened !== null && opened.undoable && !planning;
  // No preview while the outcome is shown, nor while a rollover is under way or its outcome is being read: the year
  // changes under the wizard then, and the preview of the year after would be asked for.
  const wizardOn = latest.isSuccess && !showDone && !rollover.isPending;
  const toYear = year.data ? year.data.year + 1 : null;
  // The rules as the school has them (stored or default): the first preview, with no rules of the office's.
  const base = useRolloverPreview(wizardOn ? toYear : null, null);
  const rules: RuleInput[] | null = base.data ? rulesToSend(base.data.rules, drafts) : null;
  const preview = useRolloverPreview(wizardOn && step === 1 ? toYear : null, rules);

  const classOptions = useMemo(() => (classes.data ?? []).map((c) => ({ value: c.class_id })), [classes.data]);
  const studentsPerClass = useMemo(() => {
    const m = new Map<string, number>();
    for (const s of base.data?.students ?? []) if (s.class_id) m.set(s.class_id, (m.get(s.class_id) ?? 0) + 1);
    return m;
  }, [base.data]);

  const students = preview.data?.students ?? [];
  const changes = changesToSend(students, choices);
  const counts = countActions(students, choices);
  const unanswered = students.filter((s) => choiceProblem(outcomeOf(s, choices), s.action));
  const refusal = rollover.error instanceof ApiError ? rollover.error : null;
  const placed = placeErrors(
    refusal?.status === 422 ? refusal.body?.errors : undefined,
    rollover.variables?.changes ?? [],
  );

  const onChoice = (s: RolloverPreviewStudent, choice: StudentChoice | null) =>
    setChoices((all) => {
      const next = { ...all };
      if (choice) next[s.id] = choice;
      else delete next[s.id];
      return next;
    });

  const confirm = () => {
    if (!toYear || !rules) return;
    setConfirming(false);
    setUnsure(null);
    rollover.mutate(
      { to_year: toYear, rules, changes },
      {
        onSuccess: () => {
          undo.reset();
          setUndone(false);
          setPlanning(false);
        },
        onError: (error) => {
          // A lost answer, a server error or a 409 leaves the school's state unknown here: the rollover may have been
          // made (the answer lost, or another tab or administrator made it). Read the year and the latest rollover
          // again: when it was made, its outcome shows; when it was not, say so.
          if (error instanceof ApiError && error.status !== 409 && error.status < 500) return;
          setUnsure('checking');
          void Promise.all([year.refetch(), latest.refetch()]).then(([y, l]) => {
            setUnsure(y.isError || l.isError ? 'unknown' : null);
            // The school moved on (here or elsewhere): its outcome (or, past the undo, the new year's wizard) shows.
            if (y.data && y.data.year >= toYear) {
              rollover.reset();
              setStep(0);
            }
          });
        },
      },
    );
  };

  if (year.isPending || latest.isPending)
    return (
      <>
        <Title />
        <Spin />
      </>
    );
  if (latest.isError)
    return (
      <>
        <Title />
        <Alert
          type="error"
          showIcon
          title={`The latest rollover could not be read: ${errorMessage(latest.error)}`}
          action={<Button onClick={() => void latest.refetch()}>Try again</Button>}
        />
      </>
    );
  if (year.isError)
    return (
      <>
        <Title />
        <Alert
          type="error"
          showIcon
          title={`The current school year could not be read: ${errorMessage(year.error)}`}
          action={<Button onClick={() => void year.refetch()}>Try again</Button>}
        />
      </>
    );

  const from = schoolYearLabel(year.data.year);
  const to = schoolYearLabel(year.data.year + 1);
  const stepItems = [{ title: 'The classes' }, { title: 'The students' }, { title: 'Done' }];

  if (showDone)
    return (
      <>
        <Title />
        <Steps current={2} status="finish" items={stepItems} style={{ marginBottom: 24 }} />
        <Done
          latest={opened}
          settingsPath={settingsPath}
          undo={undo}
          onUndo={() =>
            undo.mutate(undefined, {
              onSuccess: () => {
                setStep(0);
                setUndone(true);
                rollover.reset();
              },
            })
          }
          onPlanNext={() => {
            setPlanning(true);
            setStep(0);
            rollover.reset();
          }}
        />
      </>
    );

  const previewFailed = preview.isError ? errorMessage(preview.error) : null;
  return (
    <>
      <Title />
      <Steps current={step} items={stepItems} style={{ marginBottom: 24 }} />
      {undone && (
        <Alert
          type="success"
          showIcon
          closable
          title={`The rollover was undone: the school is back in ${from}. You can make it again.`}
          style={{ marginBottom: 16 }}
        />
      )}
      {opened && <LastRollover latest={opened} />}
      <Typography.Title level={2} style={{ fontSize: 20 }}>{`Close ${from} and open ${to}`}</Typography.Title>
      <Typography.Paragraph style={{ fontSize: 16 }}>
        This school year is <strong>{from}</strong>. When you close it, students move up to their next class, the last
        form graduates, and registration closes until you open it again for <strong>{to}</strong>.
      </Typography.Paragraph>
      {step === 0 && <BackupAdvice />}
      {base.isPending ? (
        <Spin tip="Loading the classes…">
          <div style={{ minHeight: 80 }} />
        </Spin>
      ) : base.isError ? (
        <Alert
          type="error"
          showIcon
          title={`The classes could not be loaded: ${errorMessage(base.error)}`}
          action={<Button onClick={() => void base.refetch()}>Try again</Button>}
        />
      ) : step === 0 ? (
        <ClassRulesStep
          rules={base.data.rules}
          drafts={drafts}
          studentsPerClass={studentsPerClass}
          classOptions={classOptions}
          onDraft={(classId, draft) => setDrafts((all) => ({ ...all, [classId]: draft }))}
          onNext={() => setStep(1)}
        />
      ) : (
        <>
          {previewFailed && (
            <Alert
              type="error"
              showIcon
              title={`The students could not be loaded: ${previewFailed}`}
              action={<Button onClick={() => void preview.refetch()}>Try again</Button>}
              style={{ marginBottom: 12 }}
            />
          )}
          {preview.data ? (
            <Spin spinning={preview.isFetching} tip="Updating…">
              <Counts counts={counts} changed={changes.length} />
              <PreviewStep
                preview={preview.data}
                choices={choices}
                classOptions={classOptions}
                errors={placed.byStudent}
                onChoice={onChoice}
              />
            </Spin>
          ) : (
            !previewFailed && (
              <Spin tip="Loading the students…">
                <div style={{ minHeight: 80 }} />
              </Spin>
            )
          )}
          {rollover.isError && (
            <Alert
              type="error"
              showIcon
              role="alert"
              style={{ marginTop: 12 }}
              title={
                refusal?.status === 422
                  ? 'The rollover was refused: nothing has changed. Correct the students marked in red and try again.'
                  : unsure === 'checking'
                    ? `No clear answer came (${errorMessage(rollover.error)}): checking whether the rollover was made…`
                    : unsure === 'unknown'
                      ? `The rollover may have been made: no clear answer came (${errorMessage(rollover.error)}), ` +
                        'and the school year could not be read again. Reload this page before trying again.'
                      : `The rollover was not made: ${errorMessage(rollover.error)}`
              }
              description={placed.general.length > 0 ? placed.general.join(' ') : undefined}
            />
          )}
          {unanswered.length > 0 && (
            <Alert type="warning" showIcon style={{ marginTop: 12 }} title={unansweredText(unanswered)} />
          )}
          <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
            <Button onClick={() => setStep(0)}>Back to the classes</Button>
            <Button
              type="primary"
              disabled={!preview.data || preview.isFetching || unanswered.length > 0}
              loading={rollover.isPending}
              onClick={() => setConfirming(true)}
            >
              {`Close ${from} and open ${to}…`}
            </Button>
          </Flex>
          <Modal
            open={confirming}
            title={`Close ${from} and open ${to}?`}
            okText={`Yes, open ${to}`}
            cancelText="Not yet"
            onCancel={() => setConfirming(false)}
            onOk={confirm}
          >
            <Typography.Paragraph>
              {countsText(counts)}
              {changes.length > 0 ? ` (${changes.length} changed by you).` : '.'}
            </Typography.Paragraph>
            <Typography.Paragraph>
              Registration will be closed until you open it again in Settings.
            </Typography.Paragraph>
            <BackupAdvice compact />
          </Modal>
        </>
      )}
    </>
  );
}
