import { CheckCircleFilled, FileImageOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Progress, Typography } from 'antd';
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
import { ApiError } from '../../../../lib/api-client.js';
import { useUploadDocument } from '../api/use-upload-document.js';
import { checkTogether, type ChosenFile, kindOf, prepareFile, sizeText } from '../prepare-file.js';
import { FilePicker } from './file-picker.js';

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
          const reason = e instanceof ApiError && e.status < 500 && e.body?.message ? e.body.message : undefined;
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
    <Card
      size="small"
      title={
        <h3 style={{ fontSize: 15, margin: 0 }}>
          {label}{' '}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            ({acceptedLabel(type)})
          </Typography.Text>
        </h3>
      }
      extra={current && !resubmitting ? <CheckCircleFilled style={{ color: '#2e7d32' }} aria-label="Received" /> : null}
      data-document-type={type}
      style={{ height: '100%' }}
      // A long label with '(PDF or photos)' wraps on a 360 px phone rather than being cut off.
      styles={{ title: { whiteSpace: 'normal', paddingBlock: 8 } }}
    >
      <Flex vertical gap={8}>
        {current && !resubmitting && (
          <>
            <Button
              href={current.url}
              target="_blank"
              rel="noopener"
              icon={current.mime === 'application/pdf' ? <FilePdfOutlined /> : <FileImageOutlined />}
              style={{ justifyContent: 'flex-start', maxWidth: '100%' }}
              aria-label={`Open ${label}: ${current.name}`}
            >
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{current.name}</span>
            </Button>
            <Typography.Text type="secondary">
              Received {current.uploaded_at.slice(0, 10)} · {sizeText(current.size)}
            </Typography.Text>
            {editable && (
              <Button onClick={() => setResubmitting(true)} style={{ alignSelf: 'flex-start' }}>
                Resubmit File
              </Button>
            )}
          </>
        )}

        {!current && !editable && <Typography.Text type="secondary">Not uploaded.</Typography.Text>}

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
            <Flex gap={8} wrap>
              <Button type="primary" icon={<UploadOutlined />} onClick={start} loading={uploading} disabled={preparing}>
                Upload
              </Button>
              {resubmitting && (
                <Button onClick={cancelResubmit} disabled={uploading}>
                  Cancel
                </Button>
              )}
            </Flex>
            {uploading && <Progress percent={progress} status="active" aria-label={`Uploading ${label}`} />}
            {uploading && progress === 100 && assembling && (
              <Typography.Text type="secondary" role="status">
                Sent. Making one PDF of the pages…
              </Typography.Text>
            )}
          </>
        )}

        {error && <Alert type="error" showIcon title={error.title} description={error.detail} role="alert" />}

        {earlier.length > 0 && (
          <details>
            <summary style={{ cursor: 'pointer' }}>Earlier versions ({earlier.length})</summary>
            <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
              {earlier.map((v) => (
                <li key={v.id}>
                  <a href={v.url} target="_blank" rel="noopener">
                    {v.name}
                  </a>{' '}
                  <Typography.Text type="secondary">
                    {v.uploaded_at.slice(0, 10)} by {v.uploaded_by}, replaced {v.replaced_at?.slice(0, 10)}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          </details>
        )}
      </Flex>
    </Card>
  );
}
