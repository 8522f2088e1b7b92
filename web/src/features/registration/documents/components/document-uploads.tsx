import { useCallback, useEffect, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import {
  type DocumentType,
  documentTypesFor,
  MAX_UPLOAD_FILES,
  UPLOAD_MESSAGES,
} from '../../../../../../shared/documents.js';
import type { RegistrationRound } from '../../../../../../shared/registration-round.js';
import { PageSpinner } from '../../../../components/page-spinner.js';
import { PlainAlert, PlainButton } from '../../../../components/plain-ui.js';
import { errorMessage } from '../../../../lib/api-client.js';
import { useFileStorage } from '../api/use-file-storage.js';
import { useFileVersions } from '../api/use-file-versions.js';
import { useStudentFiles } from '../../../../lib/queries/use-student-files.js';
import { useUploadLimits } from '../api/use-upload-limits.js';
import { DocumentSlot } from './document-slot.js';
import './documents.css';

export interface DocumentUploadsProps {
  studentId: string;
  /** The record's immigration switch: the permit slot shows only when it is on. */
  immigrationPermit: number;
  editable: boolean;
  isAdmin: boolean;
  /** A returning student's round of the year: each slot's file of last year can be kept. */
  round?: RegistrationRound | null;
}

/** docs/product.md §2 Upload Documents: one slot per document type of the student's record. */
export function DocumentUploads({
  studentId,
  immigrationPermit,
  editable,
  isAdmin,
  round = null,
}: DocumentUploadsProps) {
  const files = useStudentFiles(studentId);
  const versions = useFileVersions(studentId, isAdmin);
  const storage = useFileStorage(studentId, isAdmin);
  // Asked together with the files; until it answers (or if it fails) the server alone checks sizes.
  const limits = useUploadLimits();
  const busy = useLeaveGuard();

  if (files.isError) {
    return (
      <PlainAlert
        type="error"
        title="The documents could not be loaded."
        description={errorMessage(files.error)}
        action={<PlainButton onClick={() => void files.refetch()}>Try again</PlainButton>}
      />
    );
  }
  if (!files.data) return <PageSpinner label="Loading the documents…" />;

  const types = documentTypesFor({ immigration_permit: immigrationPermit });
  return (
    <section aria-label="Documents">
      <p className="pf-secondary doc-intro">
        Upload each document as a PDF, or take a photo of each of its pages (up to {MAX_UPLOAD_FILES}, e.g. the front
        and the back of a card): the school receives them as one PDF. Each file is sent as soon as you choose it
        (without a connection, when it is back); large photos are made smaller first. The picture is a photo. A document
        you upload again replaces the one shown; the school keeps every file you send.
      </p>
      {storage.data && (
        <p className="pf-secondary doc-intro">
          Stored for this student, every version included: {sizeText(storage.data.used_bytes)} of{' '}
          {sizeText(storage.data.budget_bytes)}.
        </p>
      )}
      <div className="doc-grid">
        {types.map((type) => (
          <DocumentSlot
            key={type}
            studentId={studentId}
            type={type}
            current={files.data.find((f) => f.type === type)}
            earlier={(versions.data ?? []).filter((v) => v.type === type && v.replaced_at !== null)}
            editable={editable}
            limits={limits.data}
            onBusyChange={busy}
            round={round}
          />
        ))}
      </div>
    </section>
  );
}

/**
 * While a chosen document is on its way or waiting for a connection, leaving the page asks first: another step or
 * page of the portal (the router's blocker), and a reload or a closed tab (the browser's own question). Returns what
 * the slots call to say whether they are busy.
 */
function useLeaveGuard(): (type: DocumentType, busy: boolean) => void {
  const [busyTypes, setBusyTypes] = useState<ReadonlySet<DocumentType>>(() => new Set());
  const onBusyChange = useCallback((type: DocumentType, busy: boolean) => {
    setBusyTypes((old) => {
      if (old.has(type) === busy) return old;
      const next = new Set(old);
      if (busy) next.add(type);
      else next.delete(type);
      return next;
    });
  }, []);
  const busy = busyTypes.size > 0;
  const blocker = useBlocker(busy);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UPLOAD_MESSAGES.leaving)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!busy) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers ask only when it is set
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [busy]);
  return onBusyChange;
}

/** A size as a person reads it: KB under a megabyte, MB with one decimal above. */
function sizeText(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb < 1 ? `${Math.ceil(bytes / 1024)} KB` : `${mb.toFixed(1).replace(/\.0$/, '')} MB`;
}
