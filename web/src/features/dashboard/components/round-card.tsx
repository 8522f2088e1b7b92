import { Link } from 'react-router-dom';
import { LAYOUT } from '../../../../../shared/constants.js';
import { STEP_LABELS } from '../../../../../shared/registration-progress.js';
import { STEP_ROUTES } from '../../../../../shared/routes.js';
import { REGISTRATION_STEPS } from '../../../../../shared/student-fields.js';
import { useRegistrationRound } from '../../../lib/queries/use-registration-round.js';
import { roundCard, type RoundCardView } from '../../../lib/registration-round-view.js';

/** The card's steps, each with its state in words (and a tick for a done one: not colour alone). */
function RoundSteps({ steps }: { steps: RoundCardView['steps'] | null }) {
  return (
    <ol className="round-card-steps" aria-label="Steps of this year's registration">
      {(
        steps ??
        REGISTRATION_STEPS.map((step, i) => ({
          step,
          label: `Step ${i + 1}: ${STEP_LABELS[step]}`,
          word: '…',
          done: false,
        }))
      ).map((s) => (
        <li key={s.step} className={`round-card-step${s.done ? ' round-card-step-done' : ''}`}>
          <span className="round-card-step-label">{s.label}</span>
          <span className="round-card-step-state">
            {s.done && (
              <span aria-hidden="true" className="round-card-tick">
                ✓{' '}
              </span>
            )}
            {s.word}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * A returning student's round of this school year (shared/registration-round.ts): at the top of her dashboard until it
 * is complete, what is still to confirm and a link to the first step still to do. The server's first view does not
 * carry the round: until it is known the same card is drawn as loading, at the same height, so nothing moves when it
 * comes (a new student's dashboard, or a complete round, then has no card).
 */
export function RoundCard({ studentId }: { studentId: string }) {
  const round = useRegistrationRound(studentId);
  if (round.isPending) {
    return (
      <section
        className="dashboard-card round-card"
        style={{ width: LAYOUT.pageCardWidth }}
        aria-busy="true"
        aria-label="This year's registration (loading)"
      >
        <h2 className="dashboard-card-title">This year&apos;s registration</h2>
        <RoundSteps steps={null} />
        <span className="round-card-action round-card-action-loading">Loading…</span>
      </section>
    );
  }
  const card = roundCard(round.data);
  if (!card) return null;
  return (
    <section
      className="dashboard-card round-card"
      style={{ width: LAYOUT.pageCardWidth }}
      aria-labelledby="round-card-title"
    >
      <h2 id="round-card-title" className="dashboard-card-title">
        {card.heading}
      </h2>
      <RoundSteps steps={card.steps} />
      <Link to={STEP_ROUTES[card.next]} className="round-card-action">
        {card.action}
      </Link>
    </section>
  );
}
