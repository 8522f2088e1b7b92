import { Link } from 'react-router-dom';
import { LAYOUT } from '../../../../../shared/constants.js';
import { STEP_ROUTES } from '../../../../../shared/routes.js';
import { useRegistrationRound } from '../../../lib/queries/use-registration-round.js';
import { roundCard, type RoundCardView } from '../../../lib/registration-round-view.js';

/** The card's steps, each with its state in words (and a tick for a done one: not colour alone). */
function RoundSteps({ steps }: { steps: RoundCardView['steps'] }) {
  return (
    <ol className="round-card-steps" aria-label="Steps of this year's registration">
      {steps.map((s) => (
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
 * is complete, what is still to confirm and a link to the first step still to do. The server's first view draws it
 * when its source reads the round (entry-server.tsx), and so does the browser's first drawing; until the round is
 * known nothing is drawn, so that a new student's dashboard (no card) never has a box that goes away.
 */
export function RoundCard({ studentId }: { studentId: string }) {
  const card = roundCard(useRegistrationRound(studentId).data);
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
