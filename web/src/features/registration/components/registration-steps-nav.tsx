import { useMediaQuery } from '../../../lib/use-media-query.js';
import type { RegistrationRound } from '../../../../../shared/registration-round.js';
import type { RegistrationStep } from '../../../../../shared/student-fields.js';
import { isRoundStepDone, roundStateWord } from '../../../lib/registration-round-view.js';
import { PlainButton } from '../../../components/plain-ui.js';
import { stepIndex, STEPS } from '../../../config/registration-steps.js';
import type { RegistrationProgressView } from '../../../lib/use-registration-progress.js';
import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { PlainIcon } from '../../../components/plain-icon.js';

interface Props {
  current: RegistrationStep;
  onChange: (step: RegistrationStep) => void;
}

type StepState = 'complete' | 'incomplete' | 'unknown';

/** A step's state by the shared rules; the documents step is 'unknown' until her files have loaded. */
function stateOf(view: RegistrationProgressView, step: RegistrationStep): StepState {
  if (step === 'documents' && !view.documentsKnown) return 'unknown';
  return view.progress.steps[step].complete ? 'complete' : 'incomplete';
}

/** Her progress, and for a returning student this year's round (the steps she confirms). */
export type StepsView = RegistrationProgressView & { round?: RegistrationRound | null };

/**
 * A step's state in words: 'done', or how many things it still needs (incomplete). Not the word
 * "complete", which would read "Complete: complete" for the sixth step. A returning student's step says where it
 * stands in her round first ("To confirm", "Confirmed", "Changed", "To agree", "Agreed"), then what it still needs.
 */
export function stepStateText(view: StepsView, step: RegistrationStep): string | undefined {
  const state = stateOf(view, step);
  const needed = state === 'incomplete' ? `${view.progress.steps[step].items.length} still needed` : undefined;
  if (view.round) return [roundStateWord(view.round, step), needed].filter(Boolean).join(', ');
  if (state === 'unknown') return undefined;
  return state === 'complete' ? 'done' : needed;
}

/** Whether the stepper draws a step finished: complete by the shared rules, and (returning) done in her round. */
function finished(view: StepsView, step: RegistrationStep): boolean {
  if (view.round && !isRoundStepDone(view.round.steps[step])) return false;
  return stateOf(view, step) === 'complete';
}

const capitalised = (text: string | undefined) => text && text[0].toUpperCase() + text.slice(1);

/** antd's md breakpoint: from a tablet up the six steps are drawn in a row. */
const WIDE = '(min-width: 768px)';

const useWide = () => useMediaQuery(WIDE);

/**
 * The non-linear stepper (docs/product.md §2 Registration steps): any step can be opened at any time. Each step shows
 * whether it is complete (by the shared rules, as the office sees it), incomplete, or the current one. On a phone six
 * titles do not fit in a row, so the same choice is a list ("Step 2 of 6: Family Data (done)") with previous and next
 * buttons. Drawn as antd's small Steps (registration-shell.css): titles beside the numbers on a wide screen, under
 * them on a tablet.
 */
export function RegistrationStepsNav({ current, onChange, progress }: Props & { progress: StepsView }) {
  const wide = useWide();
  const index = stepIndex(current);
  if (wide) {
    return (
      <nav aria-label="Registration steps" className="reg-steps-nav">
        <ol className="reg-steps">
          {STEPS.map((s, i) => {
            const status = s.key === current ? 'process' : finished(progress, s.key) ? 'finish' : 'wait';
            return (
              <li key={s.key} className={`reg-step reg-step-${status}`}>
                <button
                  type="button"
                  className="reg-step-button"
                  // The current step is announced as such.
                  aria-current={s.key === current ? 'step' : undefined}
                  onClick={() => onChange(s.key)}
                >
                  {/* The list says the position; a complete step's number is its check, as antd drew it. */}
                  <span className="reg-step-icon" aria-hidden="true">
                    {status === 'finish' ? <PlainIcon icon={CheckOutlined} /> : i + 1}
                  </span>
                  <span className="reg-step-text">
                    <span className="reg-step-title">{s.label}</span>
                    <span className="reg-step-description">{capitalised(stepStateText(progress, s.key))}</span>
                  </span>
                </button>
                <span className="reg-step-tail" aria-hidden="true" />
              </li>
            );
          })}
        </ol>
      </nav>
    );
  }
  const name = (i: number) => `Step ${i + 1} of ${STEPS.length}: ${STEPS[i].label}`;
  return (
    <nav aria-label="Registration steps" className="reg-steps-nav reg-steps-compact">
      <PlainButton
        icon={<PlainIcon icon={LeftOutlined} />}
        aria-label="Previous step"
        disabled={index === 0}
        onClick={() => onChange(STEPS[index - 1].key)}
      />
      <span className="reg-step-select">
        {/*
         * A native list (the phone's own picker): each option says its step's state. The box shows the chosen step's
         * name only (its state is in the "Still needed" box just below), so that it fits a phone's width.
         */}
        <select
          aria-label="Registration step"
          value={current}
          onChange={(e) => onChange(e.target.value as RegistrationStep)}
        >
          {STEPS.map((s, i) => {
            const state = stepStateText(progress, s.key);
            return (
              <option key={s.key} value={s.key}>
                {`${name(i)}${state ? ` (${state})` : ''}`}
              </option>
            );
          })}
        </select>
        <span className="reg-step-select-value" aria-hidden="true">
          <span>{name(index)}</span>
          <PlainIcon icon={DownOutlined} className="reg-step-select-arrow" />
        </span>
      </span>
      <PlainButton
        icon={<PlainIcon icon={RightOutlined} />}
        aria-label="Next step"
        disabled={index === STEPS.length - 1}
        onClick={() => onChange(STEPS[index + 1].key)}
      />
    </nav>
  );
}

/** Previous / next at the foot of a step, so a parent on a phone never has to scroll back up. */
export function StepFooterNav({ current, onChange }: Props) {
  const index = stepIndex(current);
  const previous = STEPS[index - 1];
  const next = STEPS[index + 1];
  return (
    <div className="reg-step-footer">
      {previous ? (
        <PlainButton icon={<PlainIcon icon={LeftOutlined} />} onClick={() => onChange(previous.key)}>
          {previous.label}
        </PlainButton>
      ) : (
        <span />
      )}
      {next && (
        <PlainButton variant="primary" onClick={() => onChange(next.key)}>
          {next.label} <PlainIcon icon={RightOutlined} />
        </PlainButton>
      )}
    </div>
  );
}
