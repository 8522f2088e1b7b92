import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { isRegistrationComplete } from '../../../../../../shared/registration-progress.js';
import { ROUND_WORDS } from '../../../../../../shared/registration-round.js';
import { schoolYearLabel } from '../../../../../../shared/school-year.js';
import { REGISTRATION_STEPS } from '../../../../../../shared/student-fields.js';
import { stepsToDo } from '../../../../lib/registration-round-view.js';
import { Spinner } from '../../../../components/plain-controls.js';
import { isPlainClick } from '../../focus-target.js';
import { stepIndex, STEPS } from '../../../../config/registration-steps.js';
import { stepStateText } from '../registration-steps-nav.js';
import { useProgress } from './progress-context.js';
import { MissingItemLinks } from './missing-item-link.js';
import { CSS_COLOR } from '../../../../../../shared/design-tokens.js';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import { PlainIcon } from '../../../../components/plain-icon.js';

const COMPLETE = CSS_COLOR.success;
const INCOMPLETE = CSS_COLOR.incomplete;

/**
 * The Complete step's checklist: each of the six steps, complete or not, with what is still missing
 * (each a link to its field or document) and a link to the step itself.
 */
export function RegistrationChecklist() {
  const view = useProgress();
  const { progress, documentsKnown, stepPath, goTo } = view;
  const done = isRegistrationComplete(progress) && documentsKnown;
  // A returning student's data steps not yet confirmed, each a link to its step (the agreement is this step's own, and
  // the checklist below says it).
  const round = view.round;
  const toDo = round ? stepsToDo(round).filter((step) => step !== 'submit') : [];
  // An incomplete step's link leads to its first missing item; a complete one just opens the step.
  const openStep = (e: MouseEvent<HTMLAnchorElement>, step: (typeof REGISTRATION_STEPS)[number]) => {
    if (!isPlainClick(e)) return;
    const first = progress.steps[step].items[0];
    if (!first) {
      window.scrollTo({ top: 0 }); // the link opens the step at its top
      return;
    }
    e.preventDefault();
    goTo(step, first);
  };
  return (
    <div style={{ paddingInline: 8, width: '100%' }}>
      <p role="status" style={{ margin: '0 0 1em', fontSize: 16, fontWeight: 600 }}>
        {done
          ? 'Your registration is complete: all six steps are complete.'
          : `${progress.completed} of ${REGISTRATION_STEPS.length} steps complete. What is still needed ` +
            `is listed below.`}
      </p>
      {toDo.length > 0 && (
        <div className="round-checklist-todo">
          <p style={{ margin: '0 0 4px', fontWeight: 600 }}>
            {`Still to confirm for ${schoolYearLabel(round?.year ?? 0)}:`}
          </p>
          <ul aria-label="Steps still to confirm" style={{ margin: '0 0 16px', paddingInlineStart: 20 }}>
            {toDo.map((step) => (
              <li key={step}>
                <Link to={stepPath(step)} style={{ display: 'inline-block', minHeight: 24, paddingBlock: 2 }}>
                  {`Step ${stepIndex(step) + 1}: ${STEPS[stepIndex(step)].label}`}
                </Link>{' '}
                <span className="pf-secondary">{`(${ROUND_WORDS.states[round?.steps[step] ?? 'to_confirm']})`}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ol aria-label="Registration checklist" style={{ listStyle: 'none', padding: 0, margin: '0 0 16px' }}>
        {REGISTRATION_STEPS.map((step) => {
          const s = progress.steps[step];
          const label = STEPS[stepIndex(step)].label;
          const checking = step === 'documents' && !documentsKnown;
          const icon = checking ? (
            <Spinner size="small" />
          ) : s.complete ? (
            <PlainIcon icon={CheckCircleFilled} style={{ color: COMPLETE }} />
          ) : (
            <PlainIcon icon={ExclamationCircleFilled} style={{ color: INCOMPLETE }} />
          );
          return (
            <li
              key={step}
              style={{
                display: 'flex',
                gap: 10,
                alignItems: 'flex-start',
                padding: '8px 0',
                borderTop: `1px solid ${CSS_COLOR.borderSecondary}`,
              }}
            >
              <span style={{ fontSize: 18, lineHeight: '22px' }}>{icon}</span>
              <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <div>
                  <Link
                    to={stepPath(step)}
                    onClick={(e) => openStep(e, step)}
                    style={{ display: 'inline-block', minHeight: 24, paddingBlock: 2 }}
                  >
                    {`Step ${stepIndex(step) + 1}: ${label}`}
                  </Link>{' '}
                  <span className="pf-secondary">
                    {checking ? '(checking the documents…)' : `(${stepStateText(view, step)})`}
                  </span>
                </div>
                {!s.complete && !checking && (
                  <div>
                    Still needed: <MissingItemLinks step={step} items={s.items} />
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
