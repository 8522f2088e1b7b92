import { CameraOutlined, DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { acceptOf, type DocumentType, takesPages } from '../../../../../../shared/documents.js';
import { type ChosenFile, sizeText } from '../prepare-file.js';

export interface FilePickerProps {
  type: DocumentType;
  label: string;
  chosen: ChosenFile[];
  /** while uploading */
  disabled: boolean;
  /** while chosen photos are being made smaller */
  preparing: boolean;
  onFiles: (files: File[]) => void;
  onRemove: (id: string) => void;
}

/** A phone or tablet (a finger, not a mouse): the camera gets a button of its own there. */
function hasTouchScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * Choosing what to upload. 'Choose …' opens the device's picker: on a phone it offers the photo
 * library (gallery), the camera and files. On a phone 'Take Photo' opens the camera straight away. A
 * document takes several files, one per page, added one after another (front, then back) and listed
 * in page order, each with a Remove button; the picture takes one photo.
 */
export function FilePicker({ type, label, chosen, disabled, preparing, onFiles, onRemove }: FilePickerProps) {
  const chooseRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [camera] = useState(hasTouchScreen);
  const pages = takesPages(type);

  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = ''; // the same photo may be chosen again after a Remove
    if (files.length > 0) onFiles(files);
  };

  return (
    <>
      <input
        ref={chooseRef}
        type="file"
        accept={acceptOf(type)}
        multiple={pages}
        data-chooser="files"
        aria-label={`${label}: choose ${pages ? 'files' : 'a photo'}`}
        style={{ display: 'none' }}
        onChange={picked}
      />
      {camera && (
        <input
          ref={cameraRef}
          type="file"
          accept="image/*"
          capture="environment"
          data-chooser="camera"
          aria-label={`${label}: take a photo`}
          style={{ display: 'none' }}
          onChange={picked}
        />
      )}
      <Flex gap={8} wrap>
        {camera && (
          <Button icon={<CameraOutlined />} onClick={() => cameraRef.current?.click()} disabled={disabled || preparing}>
            Take Photo
          </Button>
        )}
        <Button
          icon={<PaperClipOutlined />}
          onClick={() => chooseRef.current?.click()}
          disabled={disabled || preparing}
        >
          {pages ? 'Choose PDF or Photos' : 'Choose Photo'}
        </Button>
      </Flex>

      {chosen.length === 0 && !preparing && <Typography.Text type="secondary">No file chosen</Typography.Text>}
      {chosen.length > 0 && (
        <ol
          aria-label={`${label}: ${pages ? 'pages' : 'photo'} to upload`}
          style={{ margin: 0, paddingInlineStart: pages ? 22 : 0, listStyle: pages ? undefined : 'none' }}
        >
          {chosen.map((c, n) => (
            <li key={c.id}>
              <Flex align="center" gap={4} justify="space-between">
                <span style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {c.name}{' '}
                  <Typography.Text type="secondary">
                    ({sizeText(c.file.size)}
                    {c.file.size < c.originalSize ? `, made smaller from ${sizeText(c.originalSize)}` : ''})
                  </Typography.Text>
                </span>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`Remove ${pages ? `page ${n + 1}, ` : ''}${c.name}`}
                  onClick={() => onRemove(c.id)}
                  disabled={disabled || preparing}
                />
              </Flex>
            </li>
          ))}
        </ol>
      )}
      {preparing && (
        <Typography.Text type="secondary" role="status">
          Preparing the photo…
        </Typography.Text>
      )}
    </>
  );
}
