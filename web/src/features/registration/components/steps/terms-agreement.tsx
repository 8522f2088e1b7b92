import dayjs from 'dayjs';
import { agreementView } from '../../../../../../shared/terms.js';
import { PlainAlert, PlainButton, PlainSkeleton } from '../../../../components/plain-ui.js';
import { TermsText } from '../../../../components/terms-text.js';
import { errorMessage } from '../../../../lib/api-client.js';
import { useTerms } from '../../../../lib/queries/use-terms.js';
import { useFieldSave } from '../../save-queue/use-field-save.js';
import { unsavedText } from '../fields/save-status-icon.js';
import { useRegistration } from '../registration-context.js';

const when = (iso: string) => dayjs(iso).format('D MMMM YYYY [at] HH:mm');

/** The current terms to read before ticking, with their version; a retry when they could not be loaded. */
export function CurrentTerms() {
  const terms = useTerms();
  if (terms.isError) {
    return (
      <PlainAlert
        type="error"
        role="alert"
        title="The terms and conditions could not be loaded."
        description={errorMessage(terms.error)}
        action={<PlainButton onClick={() => void terms.refetch()}>Try again</PlainButton>}
      />
    );
  }
  if (!terms.data) return <PlainSkeleton rows={4} label="Loading the terms and conditions…" />;
  return (
    <section aria-labelledby="terms-heading">
      <h3 id="terms-heading" className="rf-terms-title">
        The school's terms and conditions <span className="rf-secondary">(version {terms.data.version})</span>
      </h3>
      <TermsText text={terms.data.text} />
    </section>
  );
}

/**
 * What her tick stands for: which version she agreed to and when (stamped by the server). When the
 * school has changed the text since, it says so (her registration still counts as agreed) and lets
 * her agree to the current text.
 */
export function AgreementStatus() {
  const { record, studentId, editable } = useRegistration();
  const terms = useTerms();
  const save = useFieldSave(studentId, 'agree_terms_conditions');
  if (!terms.data) return null;
  const a = agreementView(record, terms.data.version);
  if (!a.agreed) return null;
  if (!a.changedSince) {
    return (
      <PlainAlert
        type="success"
        role="status"
        title={
          `You agreed to these terms (version ` +
          `${a.version ?? terms.data.version})${a.agreedAt ? ` on ${when(a.agreedAt)}` : ''}.`
        }
      />
    );
  }
  const earlier =
    a.version !== null
      ? `You agreed to version ${a.version}${a.agreedAt ? ` on ${when(a.agreedAt)}` : ''}.`
      : 'You agreed before the portal kept which version was agreed to.';
  return (
    <PlainAlert
      type="warning"
      role="status"
      title="The school has changed its terms and conditions since you agreed."
      description={
        <>
          <div>
            {earlier} Your registration still counts as agreed. Please read the current terms above (version{' '}
            {terms.data.version}) and agree to them.
          </div>
          <PlainButton
            style={{ marginTop: 8 }}
            onClick={() => save.save(1, record.agree_terms_conditions, { terms_version_read: terms.data?.version })}
            loading={save.status === 'saving'}
            disabled={!editable}
          >
            I agree to the current terms
          </PlainButton>
          {save.snapshot.entry && save.status !== 'none' && save.status !== 'saving' && (
            <div role="alert" style={{ marginTop: 8 }}>
              {unsavedText(save.snapshot.entry)}
            </div>
          )}
        </>
      }
    />
  );
}
