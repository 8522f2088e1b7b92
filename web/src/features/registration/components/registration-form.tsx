import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { RegistrationStep } from '../../../../../shared/student-fields.js';
import { ROUND_WORDS } from '../../../../../shared/registration-round.js';
import { registrationHeading, registrationSubtitle } from '../../../../../shared/page-headings.js';
import { schoolYearLabel } from '../../../../../shared/school-year.js';
import { PageSpinner } from '../../../components/page-spinner.js';
import { PlainButton, PlainResult } from '../../../components/plain-ui.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth-store.js';
import { useEthnicGroups } from '../../../lib/queries/lookups/use-ethnic-groups.js';
import { useFormClasses } from '../../../lib/queries/lookups/use-form-classes.js';
import { useHouses } from '../../../lib/queries/lookups/use-houses.js';
import { useRegionalCorporations } from '../../../lib/queries/lookups/use-regional-corporations.js';
import { useReligions } from '../../../lib/queries/lookups/use-religions.js';
import { useTowns } from '../../../lib/queries/lookups/use-towns.js';
import { useStudentRecord } from '../../../lib/queries/use-student-record.js';
import { useRegistrationRound } from '../../../lib/queries/use-registration-round.js';
import { useRegistrationStatus } from '../../../lib/queries/use-registration-status.js';
import { useSchoolYear } from '../../../lib/queries/use-school-year.js';
import { type FocusTarget, focusTarget, targetHash, targetOfHash } from '../focus-target.js';
import { stepIndex, STEPS } from '../../../config/registration-steps.js';
import { UnsavedAnswersNotice } from '../save-queue/unsaved-answers-notice.js';
import { useQueueLoaded } from '../save-queue/use-field-save.js';
import { useRegistrationProgress } from '../../../lib/use-registration-progress.js';
import { offersStillCorrect, returningRound, roundStateWord, stepAfter } from '../../../lib/registration-round-view.js';
import { StillCorrect } from '../round/still-correct.js';
import { RegistrationProgressContext, type RegistrationProgressContextValue } from './progress/progress-context.js';
import { StillNeeded } from './progress/still-needed.js';
import { RegistrationContext, type RegistrationContextValue } from './registration-context.js';
import { RegistrationNotice } from './registration-notice.js';
import { RegistrationStepsNav, StepFooterNav } from './registration-steps-nav.js';
import { OfflineNotice } from '../../../components/offline-notice.js';
import { useStepChange } from './use-step-change.js';
import './registration-shell.css';
import { CompleteStep } from './steps/complete-step.js';
import { DocumentsStep } from './steps/documents-step.js';
import { FamilyDataStep } from './steps/family-data-step.js';
import { HealthDataStep } from './steps/health-data-step.js';
import { OtherDataStep } from './steps/other-data-step.js';
import { StudentDataStep } from './steps/student-data-step.js';

export interface RegistrationFormProps {
  /** Whose record: the signed-in student's own, or any student's for an administrator. */
  studentId: string;
  step: RegistrationStep;
  onStepChange: (step: RegistrationStep) => void;
  /** The URL of a step of this registration: the links to what is still missing lead there. */
  stepPath: (step: RegistrationStep) => string;
}

function StepBody({
  step,
  studentId,
  editable,
}: {
  step: RegistrationStep;
  studentId: string;
  editable: boolean;
}): ReactNode {
  switch (step) {
    case 'studentData':
      return <StudentDataStep />;
    case 'familyData':
      return <FamilyDataStep />;
    case 'healthData':
      return <HealthDataStep />;
    case 'otherData':
      return <OtherDataStep />;
    case 'documents':
      return <DocumentsStep studentId={studentId} editable={editable} />;
    case 'submit':
      return <CompleteStep />;
  }
}

/**
 * The six-step registration form (docs/product.md §2, §4) for one student. It loads the record, the form classes,
 * the registration status and the lookup lists first; if any of them fails it shows a retry
 * message instead of a half-loaded form. Each field saves itself.
 */
export function RegistrationForm({ studentId, step, onStepChange, stepPath }: RegistrationFormProps) {
  const { isAdmin, settings } = useAuth();
  const record = useStudentRecord(studentId);
  const status = useRegistrationStatus();
  const schoolYear = useSchoolYear().data?.year;
  const formClasses = useFormClasses();
  const houses = useHouses();
  const towns = useTowns();
  const regions = useRegionalCorporations();
  const religions = useReligions();
  const ethnicGroups = useEthnicGroups();
  const progressView = useRegistrationProgress(studentId, record.data);
  // Her year's round: the family's (the office reviews her changes elsewhere). The form waits for its first answer,
  // so that its words ("To confirm") do not arrive after the form; if that fails, the form is drawn without them.
  const roundQuery = useRegistrationRound(isAdmin ? null : studentId);
  const round = returningRound(roundQuery.data);
  const roundPending = !isAdmin && roundQuery.isPending && roundQuery.failureCount === 0;
  /** The step visit ('id:step') on which "Still correct" was offered. */
  const [offeredOn, setOfferedOn] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const stepChange = useStepChange(onStepChange, stepPath);
  const queries = [record, status, formClasses, houses, towns, regions, religions, ethnicGroups];
  const failed = queries.filter((q) => q.isError);

  // Answers kept on this device and not saved yet are shown in their fields: wait until they are loaded.
  const queueLoaded = useQueueLoaded();
  const value = useMemo<RegistrationContextValue | null>(() => {
    if (
      !record.data ||
      !status.data ||
      !formClasses.data ||
      !houses.data ||
      !towns.data ||
      !regions.data ||
      !religions.data ||
      !ethnicGroups.data
    )
      return null;
    return {
      studentId,
      record: record.data,
      editable: isAdmin || status.data.editable,
      isAdmin,
      today: dayjs().format('YYYY-MM-DD'),
      lookups: {
        formClasses: formClasses.data,
        houses: houses.data,
        towns: towns.data,
        regions: regions.data,
        religions: religions.data,
        ethnicGroups: ethnicGroups.data,
      },
      showLearningChallenges: settings.show_learning_challenges,
    };
  }, [
    studentId,
    record.data,
    status.data,
    formClasses.data,
    houses.data,
    towns.data,
    regions.data,
    religions.data,
    ethnicGroups.data,
    isAdmin,
    settings.show_learning_challenges,
  ]);

  const progress = useMemo<RegistrationProgressContextValue | null>(
    () =>
      progressView && {
        ...progressView,
        round,
        current: step,
        stepPath,
        goTo: (to: RegistrationStep, target: FocusTarget) => {
          if (to === step) focusTarget(target);
          else navigate(`${stepPath(to)}#${targetHash(target)}`);
        },
      },
    [progressView, round, step, stepPath, navigate],
  );

  // A link to a field (this page's fragment, e.g. #mother_name) focuses it once the step is on screen.
  const ready = value !== null;
  useEffect(() => {
    const target = ready ? targetOfHash(location.hash) : null;
    return target ? focusTarget(target) : undefined;
  }, [ready, location.key, location.hash]);

  const label = STEPS[stepIndex(step)].label;
  // The year is not waited for: the form is drawn without it until it is known (the server's first view has it).
  const yearLine = schoolYear !== undefined && (
    <p className="reg-form-year">{`School year ${schoolYearLabel(schoolYear)}`}</p>
  );
  const title = <title>{`${label} · Registration · Student Portal`}</title>;

  if (failed.length > 0) {
    return (
      <>
        {title}
        <PlainResult
          status="warning"
          title="The registration form could not be loaded"
          subTitle={`${errorMessage(failed[0].error)} Nothing has been changed.`}
          extra={
            <PlainButton variant="primary" onClick={() => failed.forEach((q) => void q.refetch())}>
              Try again
            </PlainButton>
          }
        />
      </>
    );
  }
  if (record.isSuccess && record.data === null) {
    return <PlainResult status="warning" title={`No registration record for ${studentId}`} />;
  }
  // While it loads (the server's first view included): where she is, and whose record it is, once known.
  if (!value || !status.data || !progress || !queueLoaded || roundPending)
    return (
      <>
        {title}
        <div className="reg-form">
          <h1 className="reg-form-title">{registrationHeading(label)}</h1>
          {yearLine}
          {record.data && status.data && (
            <p className="reg-form-subtitle">{registrationSubtitle(record.data, isAdmin || status.data.editable)}</p>
          )}
          <PageSpinner label="Loading the registration form…" />
        </div>
      </>
    );

  const r = value.record;
  const offline = stepChange.failed && (
    <OfflineNotice
      what={STEPS[stepIndex(stepChange.failed.step)].label}
      retry={stepChange.retry}
      className="reg-offline-notice"
    />
  );
  // Once offered on this visit of the step, "Still correct" keeps its place (settled once the step is confirmed or
  // changed): taking it away as she saves a field would move the buttons under her finger.
  const visit = `${studentId}:${step}`;
  const offersNow = offersStillCorrect(round, step);
  if (offersNow && offeredOn !== visit) setOfferedOn(visit);
  const offered = offersNow || offeredOn === visit;

  return (
    <RegistrationContext.Provider value={value}>
      <RegistrationProgressContext.Provider value={progress}>
        {title}
        <div className="reg-form">
          <h1 className="reg-form-title">{registrationHeading(label)}</h1>
          {yearLine}
          <p className="reg-form-subtitle">{registrationSubtitle(r, value.editable)}</p>
          <RegistrationNotice status={status.data} isAdmin={isAdmin} />
          <UnsavedAnswersNotice studentId={studentId} />
          <RegistrationStepsNav current={step} onChange={(to) => stepChange.go(to, 'top')} progress={progress} />
          {round && (
            <p className="reg-round-state" role="status">
              {`${label}: ${roundStateWord(round, step)}`}
            </p>
          )}
          {value.editable && offered && (
            <p className="reg-round-hint pf-secondary">
              {`These are last year's ${step === 'documents' ? 'files' : 'answers'}. If they are all still ` +
                `right, tap "${ROUND_WORDS.stillCorrect}" at the end of the step.`}
            </p>
          )}
          {stepChange.failed?.place === 'top' && offline}
          {/* The Complete step lists every step's missing items itself. */}
          {step !== 'submit' && <StillNeeded />}
          {/* A step's form is keyed by student and step: it starts from the saved record each time. */}
          <StepBody key={`${studentId}:${step}`} step={step} studentId={studentId} editable={value.editable} />
          {value.editable && offered && (
            <StillCorrect
              key={`still-correct:${studentId}:${step}`}
              studentId={studentId}
              step={step}
              settled={!offersStillCorrect(round, step)}
              onConfirmed={() => {
                const next = stepAfter(step);
                if (next) stepChange.go(next, 'foot');
              }}
            />
          )}
          {stepChange.failed?.place === 'foot' && offline}
          <StepFooterNav current={step} onChange={(to) => stepChange.go(to, 'foot')} />
        </div>
      </RegistrationProgressContext.Provider>
    </RegistrationContext.Provider>
  );
}
