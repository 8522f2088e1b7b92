import { useState } from 'react';
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
import {
  buttonClasses,
  PageIcon,
  PlainAlert,
  PlainButton,
  PlainPanel,
  PlainProgress,
} from '../../../../components/plain-ui.js';
import { ApiError } from '../../../../lib/api-client.js';
import { useUploadDocument } from '../api/use-upload-document.js';
import { checkTogether, type ChosenFile, kindOf, prepareFile, sizeText } from '../prepare-file.js';
import { FilePicker } from './file-picker.js';
import './documents.css';

export interface DocumentSlotProps {
  studentId: string;
  type: DocumentType;
  current: DocumentFile | undefined;
  /** Replaced versions of this type (administrators only), newest first. */
  earlier: DocumentVersion[];
  editable: boolean;
  /** What may be sent (checked before sending); undefined until known, then the server alone checks. */
  limits: UploadLimits | undefined;
}

interface SlotError {
  title: string;
  detail?: string;
}

/**
 * One document of the Upload Documents step (docs/product.md §4 Document upload): choose a PDF or photos of the pages
 * (the picture: one photo) and upload them with a percent progress bar; once a file exists its button
 * opens it and 'Resubmit File' lets a new one replace it (the server keeps the old one). Large photos
 * are made smaller and files over the limit refused before anything is sent; the server decides what
 * is accepted.
 */
export function DocumentSlot({ studentId, type, current, earlier, editable, limits }: DocumentSlotProps) {
  const upload = useUploadDocument(studentId);
  const [resubmitting, setResubmitting] = useState(false);
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<SlotError | null>(null);
  const label = DOCUMENT_LABELS[type];
  const pages = takesPages(type);
  const picking = editable && (!current || resubmitting);
  const uploading = progress !== null;
  // Photos, or several files, become one PDF on the server after the last byte arrives.
  const assembling = pages && (chosen.length > 1 || chosen.some((c) => kindOf(c.file) !== 'pdf'));

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
    setChosen(list);
    setError(refusal);
  };

  const start = () => {
    setError(null);
    if (chosen.length === 0) return setError({ title: UPLOAD_MESSAGES.selectFile });
    setProgress(0);
    upload.mutate(
      { files: chosen.map((c) => c.file), type, onProgress: setProgress },
      {
        onSuccess: () => {
          setProgress(null);
          setChosen([]);
          setResubmitting(false);
        },
        onError: (e) => {
          setProgress(null); // docs/product.md §8: on failure the progress resets
          // The server's message when it speaks to her (4xx, and 503 'try again in a minute'), not a crash's.
          const reason =
            e instanceof ApiError && (e.status < 500 || e.status === 503) && e.body?.message
              ? e.body.message
              : undefined;
          setError({ title: UPLOAD_MESSAGES.failed, detail: reason });
        },
      },
    );
  };

  const cancelResubmit = () => {
    setResubmitting(false);
    setChosen([]);
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
            <PageIcon name="checkCircleFilled" />
          </span>
        ) : null
      }
      data-document-type={type}
    >
      <div className="doc-slot-body">
        {current && !resubmitting && (
          <>
            <a
              href={current.url}
              target="_blank"
              rel="noopener"
              className={buttonClasses({ className: 'doc-slot-file' })}
              aria-label={`Open ${label}: ${current.name}`}
            >
              <PageIcon name={current.mime === 'application/pdf' ? 'filePdf' : 'fileImage'} />
              <span className="doc-slot-file-name">{current.name}</span>
            </a>
            <span className="pf-secondary">
              Received {current.uploaded_at.slice(0, 10)} · {sizeText(current.size)}
            </span>
            {editable && (
              <PlainButton onClick={() => setResubmitting(true)} className="doc-slot-start">
                Resubmit File
              </PlainButton>
            )}
          </>
        )}

        {!current && !editable && <span className="pf-secondary">Not uploaded.</span>}

        {picking && (
          <>
            <FilePicker
              type={type}
              label={label}
              chosen={chosen}
              disabled={uploading}
              preparing={preparing}
              onFiles={(files) => void add(files)}
              onRemove={(id) => setChosen((list) => list.filter((c) => c.id !== id))}
            />
            <div className="doc-slot-buttons">
              <PlainButton
                variant="primary"
                icon={<PageIcon name="upload" />}
                onClick={start}
                loading={uploading}
                disabled={preparing}
              >
                Upload
              </PlainButton>
              {resubmitting && (
                <PlainButton onClick={cancelResubmit} disabled={uploading}>
                  Cancel
                </PlainButton>
              )}
            </div>
            {uploading && <PlainProgress percent={progress} label={`Uploading ${label}`} />}
            {uploading && progress === 100 && assembling && (
              <span className="pf-secondary" role="status">
                Sent. Making one PDF of the pages…
              </span>
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
