import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Select, Steps, type StepsProps } from 'antd';
import type { RegistrationStep } from '../../../../../shared/student-fields.js';
import { stepIndex, STEPS } from '../../../config/registration-steps.js';
import type { RegistrationProgressView } from '../../../lib/use-registration-progress.js';

interface Props {
  current: RegistrationStep;
  onChange: (step: RegistrationStep) => void;
}

type StepState = 'complete' | 'incomplete' | 'unknown';
type StepItem = NonNullable<StepsProps['items']>[number];

/** A step's state by the shared rules; the documents step is 'unknown' until her files have loaded. */
function stateOf(view: RegistrationProgressView, step: RegistrationStep): StepState {
  if (step === 'documents' && !view.documentsKnown) return 'unknown';
  return view.progress.steps[step].complete ? 'complete' : 'incomplete';
}

/**
 * A step's state in words: 'done', or how many things it still needs (incomplete). Not the word
 * "complete", which would read "Complete: complete" for the sixth step.
 */
export function stepStateText(view: RegistrationProgressView, step: RegistrationStep): string | undefined {
  const state = stateOf(view, step);
  if (state === 'unknown') return undefined;
  return state === 'complete' ? 'done' : `${view.progress.steps[step].items.length} still needed`;
}

const capitalised = (text: string | undefined) => text && text[0].toUpperCase() + text.slice(1);

/**
 * The non-linear stepper (docs/product.md §2 Registration steps): any step can be opened at any time. Each step shows
 * whether it is complete (by the shared rules, as the office sees it), incomplete, or the current one. On a phone six
 * titles do not fit in a row, so the same choice is a list ("Step 2 of 6: Family Data (done)") with previous and next
 * buttons.
 */
export function RegistrationStepsNav({ current, onChange, progress }: Props & { progress: RegistrationProgressView }) {
  const screens = Grid.useBreakpoint();
  const index = stepIndex(current);
  if (screens.md) {
    const items = STEPS.map((s): StepItem => {
      const state = stateOf(progress, s.key);
      const item: StepItem = {
        title: s.label,
        content: capitalised(stepStateText(progress, s.key)),
        status: s.key === current ? 'process' : state === 'complete' ? 'finish' : 'wait',
      };
      // The current step is announced as such; antd passes unknown item props on to the step's element.
      return s.key === current ? ({ ...item, 'aria-current': 'step' } as StepItem) : item;
    });
    return (
      <nav aria-label="Registration steps" style={{ marginBottom: 16 }}>
        <Steps
          size="small"
          // Narrower screens put the titles under the numbers, where two-word titles wrap cleanly.
          titlePlacement={screens.xl ? 'horizontal' : 'vertical'}
          current={index}
          onChange={(i) => onChange(STEPS[i].key)}
          items={items}
        />
      </nav>
    );
  }
  return (
    <nav aria-label="Registration steps" style={{ marginBottom: 12 }}>
      <Flex gap={8} align="center">
        <Button
          icon={<LeftOutlined />}
          aria-label="Previous step"
          disabled={index === 0}
          onClick={() => onChange(STEPS[index - 1].key)}
        />
        <Select
          aria-label="Registration step"
          value={current}
          onChange={onChange}
          style={{ flex: 1, minWidth: 0 }}
          // The list says each step's state; the chosen step shows its name only (its state is in the
          // "Still needed" box just below), so that it fits a phone's width.
          labelRender={({ value }) =>
            `Step ${stepIndex(value as RegistrationStep) + 1} of ${STEPS.length}: ` +
            `${STEPS[stepIndex(value as RegistrationStep)].label}`
          }
          options={STEPS.map((s, i) => {
            const state = stepStateText(progress, s.key);
            return { value: s.key, label: `Step ${i + 1} of ${STEPS.length}: ${s.label}${state ? ` (${state})` : ''}` };
          })}
        />
        <Button
          icon={<RightOutlined />}
          aria-label="Next step"
          disabled={index === STEPS.length - 1}
          onClick={() => onChange(STEPS[index + 1].key)}
        />
      </Flex>
    </nav>
  );
}

/** Previous / next at the foot of a step, so a parent on a phone never has to scroll back up. */
export function StepFooterNav({ current, onChange }: Props) {
  const index = stepIndex(current);
  const previous = STEPS[index - 1];
  const next = STEPS[index + 1];
  return (
    <Flex justify="space-between" gap={8} wrap style={{ marginTop: 8 }}>
      {previous ? (
        <Button icon={<LeftOutlined />} onClick={() => onChange(previous.key)}>
          {previous.label}
        </Button>
      ) : (
        <span />
      )}
      {next && (
        <Button type="primary" onClick={() => onChange(next.key)}>
          {next.label} <RightOutlined />
        </Button>
      )}
    </Flex>
  );
}
