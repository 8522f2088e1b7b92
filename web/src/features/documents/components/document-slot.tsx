import { CheckCircleFilled, FileImageOutlined, FilePdfOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Progress, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import {
  acceptOf, DOCUMENT_LABELS, DOCUMENT_TYPES, type DocumentFile, type DocumentType, type DocumentVersion, UPLOAD_MESSAGES,
  wrongTypeMessage,
} from '../../../../../shared/documents.js';
import { ApiError } from '../../../lib/api-client.js';
import { useUploadDocument } from '../api/use-upload-document.js';

export interface DocumentSlotProps {
  studentId: string;
  type: DocumentType;
  current: DocumentFile | undefined;
  /** Replaced versions of this type (administrators only), newest first. */
  earlier: DocumentVersion[];
  editable: boolean;
}

interface SlotError {
  title: string;
  detail?: string;
}

/** The browser's idea of the file's type, only to catch an obvious mistake before sending it. */
function looksRight(file: File, type: DocumentType): boolean {
  const name = file.name.toLowerCase();
  return DOCUMENT_TYPES[type] === 'jpeg'
    ? file.type === 'image/jpeg' || /\.(jpe?g|jfif)$/.test(name)
    : file.type === 'application/pdf' || name.endsWith('.pdf');
}

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * One document of the Upload Documents step (§4 Document upload): choose a file and upload it with a
 * percent progress bar; once a file exists its button opens it and 'Resubmit File' lets a new one
 * replace it (the server keeps the old one). The server decides what is accepted.
 */
export function DocumentSlot({ studentId, type, current, earlier, editable }: DocumentSlotProps) {
  const upload = useUploadDocument(studentId);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [resubmitting, setResubmitting] = useState(false);
  const [selected, setSelected] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<SlotError | null>(null);
  const label = DOCUMENT_LABELS[type];
  const kind = DOCUMENT_TYPES[type] === 'jpeg' ? 'JPEG' : 'PDF';
  const picking = editable && (!current || resubmitting);
  const uploading = progress !== null;

  const start = () => {
    setError(null);
    if (!selected) return setError({ title: UPLOAD_MESSAGES.selectFile });
    if (!looksRight(selected, type)) return setError({ title: wrongTypeMessage(type) });
    setProgress(0);
    upload.mutate({ file: selected, type, onProgress: setProgress }, {
      onSuccess: () => {
        setProgress(null);
        setSelected(null);
        setResubmitting(false);
        if (inputRef.current) inputRef.current.value = '';
      },
      onError: (e) => {
        setProgress(null); // §8: on failure the progress resets
        const reason = e instanceof ApiError && e.status < 500 && e.body?.message ? e.body.message : undefined;
        setError({ title: UPLOAD_MESSAGES.failed, detail: reason });
      },
    });
  };

  const cancelResubmit = () => {
    setResubmitting(false);
    setSelected(null);
    setError(null);
  };

  return (
    <Card
      size="small"
      title={<h3 style={{ fontSize: 15, margin: 0 }}>{label} <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>({kind})</Typography.Text></h3>}
      extra={current && !resubmitting ? <CheckCircleFilled style={{ color: '#2e7d32' }} aria-label="Received" /> : null}
      data-document-type={type}
      style={{ height: '100%' }}
    >
      <Flex vertical gap={8}>
        {current && !resubmitting && (
          <>
            <Button
              href={current.url}
              target="_blank"
              rel="noopener"
              icon={kind === 'PDF' ? <FilePdfOutlined /> : <FileImageOutlined />}
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
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={acceptOf(type)}
              aria-label={`${label} file (${kind})`}
              style={{ display: 'none' }}
              onChange={(e) => {
                setSelected(e.target.files?.[0] ?? null);
                setError(null);
              }}
            />
            <Flex gap={8} wrap align="center">
              <Button icon={<PaperClipOutlined />} onClick={() => inputRef.current?.click()} disabled={uploading}>
                Choose {kind} File
              </Button>
              <Typography.Text type={selected ? undefined : 'secondary'} style={{ overflowWrap: 'anywhere' }}>
                {selected ? `${selected.name} (${sizeText(selected.size)})` : 'No file chosen'}
              </Typography.Text>
            </Flex>
            <Flex gap={8} wrap>
              <Button type="primary" icon={<UploadOutlined />} onClick={start} loading={uploading}>
                Upload
              </Button>
              {resubmitting && (
                <Button onClick={cancelResubmit} disabled={uploading}>
                  Cancel
                </Button>
              )}
            </Flex>
            {uploading && <Progress percent={progress} status="active" aria-label={`Uploading ${label}`} />}
          </>
        )}

        {error && <Alert type="error" showIcon title={error.title} description={error.detail} role="alert" />}

        {earlier.length > 0 && (
          <details>
            <summary style={{ cursor: 'pointer' }}>Earlier versions ({earlier.length})</summary>
            <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
              {earlier.map((v) => (
                <li key={v.id}>
                  <a href={v.url} target="_blank" rel="noopener">{v.name}</a>{' '}
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
