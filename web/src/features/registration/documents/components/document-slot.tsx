import { useCallback, useEffect, useRef, useState } from 'react';
import {
  acceptedLabel,
  DOCUMENT_LABELS,
  type DocumentFile,
  type DocumentType,
  type DocumentVersion,
  takesPages,
  UPLOAD_MESSAGES,
  type UploadLimits,
} from '../../../../../../shared/documents.js';
import { FEW_SECONDS } from '../../../../../../shared/waiting.js';
import { CHECK_UP_TO_DATE, type RegistrationRound, ROUND_WORDS } from '../../../../../../shared/registration-round.js';
import {
  buttonClasses,
  PlainAlert,
  PlainButton,
  PlainErrorAlert,
  PlainPanel,
  PlainProgress,
} from '../../../../components/plain-ui.js';
import { ApiError, errorMessage } from '../../../../lib/api-client.js';
import { useConfirmStep } from '../../../../lib/queries/use-registration-round.js';
import { offersKeepFile, slotDecisionWord } from '../../../../lib/registration-round-view.js';
import '../../round/round.css';
import { useUploadDocument } from '../api/use-upload-document.js';
import { inTurn } from '../upload-queue.js';
import { checkTogether, type ChosenFile, kindOf, prepareFile, sizeText } from '../prepare-file.js';
import { FilePicker } from './file-picker.js';
import './documents.css';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import FileImageOutlined from '@ant-design/icons-svg/es/asn/FileImageOutlined';
import FilePdfOutlined from '@ant-design/icons-svg/es/asn/FilePdfOutlined';
import UploadOutlined from '@ant-design/icons-svg/es/asn/UploadOutlined';
import { PlainIcon } from '../../../../components/plain-icon.js';

export interface DocumentSlotProps {
  studentId: string;
  type: DocumentType;
  current: DocumentFile | undefined;
  /** Replaced versions of this type (administrators only), newest first. */
  earlier: DocumentVersion[];
  editable: boolean;
  /** What may be sent (checked before sending); undefined until known, then the server alone checks. */
  limits: UploadLimits | undefined;
  /** Whether a chosen file is on its way or waiting for a connection (leaving the page then asks first). */
  onBusyChange?: (type: DocumentType, busy: boolean) => void;
  /** A returning student's round of the year: last year's file can be kept as it is (null: none to keep). */
  round?: RegistrationRound | null;
}

interface SlotError {
  title: string;
  detail?: string;
  /** An upload that failed (not a file refused before sending): "Try again" sends the same files. */
  retry?: boolean;
}

/**
 * One document of the Upload Documents step (docs/product.md §4 Document upload): choose a PDF or photos of the pages
 * (the picture: one photo) and they are sent at once, as every other answer is saved when it is given, with a percent
 * progress bar. Without a connection they wait in the page, which says so, and go when it is back. A document's pages
 * stay listed once sent: another page added (the back after the front) sends the document again with all of them.
 * Once a file exists its button opens it and 'Resubmit File' starts a new one to replace it (the server keeps the old
 * one). Large photos are made smaller and files over the limit refused before anything is sent; the server decides
 * what is accepted.
 */
export function DocumentSlot({
  studentId,
  type,
  current,
  earlier,
  editable,
  limits,
  onBusyChange,
  round = null,
}: DocumentSlotProps) {
  const upload = useUploadDocument(studentId);
  const keep = useConfirmStep(studentId);
  const [resubmitting, setResubmitting] = useState(false);
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  // The listed pages are what the school has (sent), or what is being sent or waits to be.
  const [sent, setSent] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [waiting, setWaiting] = useState<'connection' | 'turn' | null>(null);
  const [error, setError] = useState<SlotError | null>(null);
  const label = DOCUMENT_LABELS[type];
  // A returning student's slot: last year's file kept, or a new one sent this year.
  const decision = current && !resubmitting ? slotDecisionWord(round, type) : null;
  const pages = takesPages(type);
  // A document's pages stay listed once sent, so that another can be added to them.
  const picking = editable && (!current || resubmitting || (pages && chosen.length > 0));
  const uploading = progress !== null;
  const busy = uploading || waiting !== null;
  // Photos, or several files, become one PDF on the server after the last byte arrives.
  const assembling = pages && (chosen.length > 1 || chosen.some((c) => kindOf(c.file) !== 'pdf'));

  // Each send is numbered: one that waits its turn is dropped if another send, a cancel or leaving the page came since.
  const ticket = useRef(0);
  useEffect(
    () => () => {
      ticket.current++;
    },
    [],
  );

  const send = useCallback(
    (list: ChosenFile[]) => {
      const mine = ++ticket.current;
      setError(null);
      setSent(false);
      if (list.length === 0) return setWaiting(null);
      // No connection: nothing is tried (an upload would hang at 0 %); it goes when the browser is back online.
      if (!navigator.onLine) return setWaiting('connection');
      setWaiting('turn');
      void inTurn(async () => {
        for (;;) {
          if (mine !== ticket.current) return;
          if (!navigator.onLine) return setWaiting('connection');
          setWaiting(null);
          setProgress(0);
          try {
            await upload.mutateAsync({ files: list.map((c) => c.file), type, onProgress: setProgress });
          } catch (e) {
            setProgress(null); // docs/product.md §8: on failure the progress resets
            if (mine !== ticket.current) return;
            // The connection dropped on the way: it waits for it, as it would have before starting.
            if (e instanceof TypeError && !navigator.onLine) return setWaiting('connection');
            // A refusal to wait only a few seconds (another upload of her account still in flight, in another tab
            // or on another device): it waits the time the server said and goes again, without a failure shown.
            const retryAfter = e instanceof ApiError ? e.retryAfterSeconds : null;
            if (e instanceof ApiError && e.status === 429 && retryAfter !== null && retryAfter <= FEW_SECONDS) {
              setWaiting('turn');
              await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
              continue;
            }
            // The server's message when it speaks to her (4xx, and 503 'try again in a minute'), not a crash's.
            const reason =
              e instanceof ApiError && (e.status < 500 || e.status === 503) && e.body?.message
                ? e.body.message
                : undefined;
            return setError({ title: UPLOAD_MESSAGES.failed, detail: reason, retry: true });
          }
          setProgress(null);
          if (mine !== ticket.current) return;
          setResubmitting(false);
          setSent(true);
          if (!pages) setChosen([]);
          return;
        }
      });
    },
    [upload, type, pages],
  );

  useEffect(() => {
    if (waiting !== 'connection') return;
    const online = () => send(chosen);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [waiting, chosen, send]);

  useEffect(() => {
    onBusyChange?.(type, busy);
  }, [onBusyChange, type, busy]);
  useEffect(() => () => onBusyChange?.(type, false), [onBusyChange, type]);

  const add = async (files: File[]) => {
    setError(null);
    setPreparing(true);
    let list = pages ? chosen : [];
    let refusal: SlotError | null = null;
    try {
      for (const file of pages ? files : files.slice(0, 1)) {
        const prepared = await prepareFile(file, type, limits);
        if (!prepared.ok) {
          refusal ??= { title: prepared.message, detail: prepared.detail };
          continue;
        }
        const together = checkTogether([...list, prepared.chosen], limits);
        if (together) {
          refusal ??= { title: together, detail: `${file.name} was not added.` };
          continue;
        }
        list = [...list, prepared.chosen];
      }
    } finally {
      setPreparing(false);
    }
    const added = list.length > (pages ? chosen.length : 0);
    setChosen(list);
    if (added) send(list);
    setError(refusal);
  };

  const remove = (id: string) => {
    const list = chosen.filter((c) => c.id !== id);
    setChosen(list);
    // What is listed is what is sent: the pages left go (a refused page taken out), or wait with the rest.
    if (waiting === 'connection') {
      if (list.length === 0) setWaiting(null);
    } else if (list.length > 0) send(list);
    else {
      ticket.current++; // one waiting its turn no longer goes
      setWaiting(null);
      setError(null);
    }
  };

  const resubmit = () => {
    setResubmitting(true);
    setChosen([]);
    setSent(false);
  };

  const cancelResubmit = () => {
    setResubmitting(false);
    setChosen([]);
    ticket.current++;
    setWaiting(null);
    setError(null);
  };

  return (
    <PlainPanel
      size="small"
      level={3}
      className="doc-slot"
      title={
        <>
          {label} <span className="pf-secondary doc-slot-accepted">({acceptedLabel(type)})</span>
        </>
      }
      extra={
        current && !resubmitting ? (
          <span role="img" aria-label="Received" className="doc-slot-received">
            <PlainIcon icon={CheckCircleFilled} />
          </span>
        ) : null
      }
      data-document-type={type}
    >
      <div className="doc-slot-body">
        {round && type === CHECK_UP_TO_DATE && (
          <p className="round-slot-check">
            <span aria-hidden="true">⚠ </span>
            {ROUND_WORDS.checkUpToDate}: if a vaccine was given since last year, upload the card again.
          </p>
        )}
        {current && !resubmitting && (
          <>
            <a
              href={current.url}
              target="_blank"
              rel="noopener"
              className={buttonClasses({ className: 'doc-slot-file' })}
              aria-label={`Open ${label}: ${current.name}`}
            >
              <PlainIcon icon={current.mime === 'application/pdf' ? FilePdfOutlined : FileImageOutlined} />
              <span className="doc-slot-file-name">{current.name}</span>
            </a>
            <span className="pf-secondary">
              Received {current.uploaded_at.slice(0, 10)} · {sizeText(current.size)}
            </span>
            {decision && <p className="round-slot-decision">{decision}</p>}
            {editable && offersKeepFile(round, type, true) && (
              <PlainButton
                variant="primary"
                size="large"
                className="doc-slot-start"
                loading={keep.isPending}
                disabled={busy}
                aria-label={`${ROUND_WORDS.keepFile}: ${label}`}
                onClick={() => keep.mutate({ step: 'documents', document: type })}
              >
                {keep.isPending ? 'Keeping…' : ROUND_WORDS.keepFile}
              </PlainButton>
            )}
            {editable && (
              <PlainButton onClick={resubmit} className="doc-slot-start" disabled={busy || keep.isPending}>
                Resubmit File
              </PlainButton>
            )}
            {keep.isError && <PlainErrorAlert message={errorMessage(keep.error)} />}
          </>
        )}

        {!current && !editable && <span className="pf-secondary">Not uploaded.</span>}

        {picking && (
          <>
            <FilePicker
              type={type}
              label={label}
              chosen={chosen}
              sent={sent}
              disabled={uploading}
              preparing={preparing}
              onFiles={(files) => void add(files)}
              onRemove={remove}
            />
            {((error?.retry && chosen.length > 0) || (resubmitting && !sent)) && (
              <div className="doc-slot-buttons">
                {error?.retry && chosen.length > 0 && (
                  <PlainButton
                    variant="primary"
                    icon={<PlainIcon icon={UploadOutlined} />}
                    onClick={() => send(chosen)}
                  >
                    Try again
                  </PlainButton>
                )}
                {resubmitting && !sent && (
                  <PlainButton onClick={cancelResubmit} disabled={uploading}>
                    Cancel
                  </PlainButton>
                )}
              </div>
            )}
            {uploading && <PlainProgress percent={progress} label={`Uploading ${label}`} />}
            {uploading && progress === 100 && assembling && (
              <span className="pf-secondary" role="status">
                Sent. Making one PDF of the pages…
              </span>
            )}
            {waiting && (
              <PlainAlert
                type="info"
                title={waiting === 'connection' ? UPLOAD_MESSAGES.waiting : UPLOAD_MESSAGES.waitingTurn}
                role="status"
              />
            )}
          </>
        )}

        {error && <PlainAlert type="error" title={error.title} description={error.detail} role="alert" />}

        {earlier.length > 0 && (
          <details>
            <summary className="doc-slot-summary">Earlier versions ({earlier.length})</summary>
            <ul className="doc-slot-earlier">
              {earlier.map((v) => (
                <li key={v.id}>
                  <a href={v.url} target="_blank" rel="noopener">
                    {v.name}
                  </a>{' '}
                  <span className="pf-secondary">
                    {v.uploaded_at.slice(0, 10)} by {v.uploaded_by}, replaced {v.replaced_at?.slice(0, 10)}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </PlainPanel>
  );
}
