import type { MouseEvent } from 'react';
import type { MissingItem } from '../../../../../../shared/registration-progress.js';
import type { RegistrationStep } from '../../../../../../shared/student-fields.js';
import { isPlainClick, targetHash } from '../../focus-target.js';
import { useProgress } from './progress-context.js';

/**
 * One thing still missing, as a link to where it is filled in: the step's URL with the field (or
 * document) as its fragment, so it also works opened in a new tab; a plain click moves the focus there.
 */
export function MissingItemLink({ step, item }: { step: RegistrationStep; item: MissingItem }) {
  const { stepPath, goTo } = useProgress();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    goTo(step, item);
  };
  // Underlined: inside a sentence a link must not be told apart by its colour alone. At least 24 px
  // tall, so a finger on a phone finds it (WCAG 2.2 target size), while it still wraps with the text.
  return (
    <a
      href={`${stepPath(step)}#${targetHash(item)}`}
      onClick={onClick}
      style={{ textDecoration: 'underline', display: 'inline-block', minHeight: 24, paddingBlock: 2 }}
    >
      {item.label}
    </a>
  );
}

/** "a, b and c" of the links, as a sentence reads. */
export function MissingItemLinks({ step, items }: { step: RegistrationStep; items: MissingItem[] }) {
  return items.map((item, i) => (
    <span key={`${item.label}:${i}`}>
      {i > 0 && ', '}
      <MissingItemLink step={step} item={item} />
    </span>
  ));
}
