import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Select, Steps } from 'antd';
import type { RegistrationStep } from '../../../../../shared/student-fields.js';
import { stepIndex, STEPS } from '../registration-steps.js';

interface Props {
  current: RegistrationStep;
  onChange: (step: RegistrationStep) => void;
}

/**
 * §2 non-linear stepper: any step can be opened at any time. On a phone six titles do not fit in a
 * row, so the same choice is a list ("Step 2 of 6: Family Data") with previous and next buttons.
 */
export function RegistrationStepsNav({ current, onChange }: Props) {
  const screens = Grid.useBreakpoint();
  const index = stepIndex(current);
  if (screens.md) {
    return (
      <nav aria-label="Registration steps" style={{ marginBottom: 16 }}>
        <Steps
          size="small"
          // Narrower screens put the titles under the numbers, where two-word titles wrap cleanly.
          titlePlacement={screens.xl ? 'horizontal' : 'vertical'}
          current={index}
          onChange={(i) => onChange(STEPS[i].key)}
          items={STEPS.map((s) => ({ title: s.label, status: s.key === current ? 'process' : 'wait' }))}
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
          options={STEPS.map((s, i) => ({ value: s.key, label: `Step ${i + 1} of ${STEPS.length}: ${s.label}` }))}
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
      {previous ? <Button icon={<LeftOutlined />} onClick={() => onChange(previous.key)}>{previous.label}</Button> : <span />}
      {next && (
        <Button type="primary" onClick={() => onChange(next.key)}>
          {next.label} <RightOutlined />
        </Button>
      )}
    </Flex>
  );
}
