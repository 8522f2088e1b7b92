import { useCallback, useRef, useState } from 'react';
import type { RegistrationStep } from '../../../../../shared/student-fields.js';
import { loadPageCode } from '../../../lib/page-code.js';

/** Which of the two step navigations was used: the notice is said beside it. */
export type StepNavPlace = 'top' | 'foot';

export interface StepChange {
  /** Opens a step once its code is here; until then (no connection) she stays on this one. */
  go: (step: RegistrationStep, place: StepNavPlace) => void;
  /** The step that could not be opened, and where she asked for it. */
  failed: { step: RegistrationStep; place: StepNavPlace } | null;
  retry: () => void;
}

/**
 * A step's link waits for the next step's code before leaving this one (it has usually come with this step,
 * app/router.tsx): if it cannot come, she stays where she is, with what she typed, and is told so beside the button she
 * pressed, instead of a page that cannot be shown.
 */
export function useStepChange(
  onStepChange: (step: RegistrationStep) => void,
  stepPath: (step: RegistrationStep) => string,
): StepChange {
  const [failed, setFailed] = useState<StepChange['failed']>(null);
  const latest = useRef(0);
  const go = useCallback(
    (step: RegistrationStep, place: StepNavPlace) => {
      const ask = ++latest.current;
      loadPageCode(stepPath(step)).then(
        () => {
          if (ask !== latest.current) return;
          setFailed(null);
          onStepChange(step);
        },
        () => {
          if (ask === latest.current) setFailed({ step, place });
        },
      );
    },
    [onStepChange, stepPath],
  );
  const retry = useCallback(() => {
    if (failed) go(failed.step, failed.place);
  }, [failed, go]);
  return { go, failed, retry };
}
