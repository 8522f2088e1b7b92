import { type ChangeEvent, useRef, useState } from 'react';
import { acceptOf, type DocumentType, takesPages } from '../../../../../../shared/documents.js';
import { PlainButton } from '../../../../components/plain-ui.js';
import { type ChosenFile, sizeText } from '../prepare-file.js';
import CameraOutlined from '@ant-design/icons-svg/es/asn/CameraOutlined';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import PaperClipOutlined from '@ant-design/icons-svg/es/asn/PaperClipOutlined';
import { PlainIcon } from '../../../../components/plain-icon.js';

export interface FilePickerProps {
  type: DocumentType;
  label: string;
  chosen: ChosenFile[];
  /** The listed files are what the school has: no Remove (Resubmit File starts again); another page may be added. */
  sent: boolean;
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
 * document takes several files, one per page, added one after another (front, then back: 'Add a Page') and
 * listed in page order, each with a Remove button until the school has them; the picture takes one photo.
 */
export function FilePicker({ type, label, chosen, sent, disabled, preparing, onFiles, onRemove }: FilePickerProps) {
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
      <div className="doc-slot-buttons">
        {camera && (
          <PlainButton
            icon={<PlainIcon icon={CameraOutlined} />}
            onClick={() => cameraRef.current?.click()}
            disabled={disabled || preparing}
          >
            Take Photo
          </PlainButton>
        )}
        <PlainButton
          icon={<PlainIcon icon={PaperClipOutlined} />}
          onClick={() => chooseRef.current?.click()}
          disabled={disabled || preparing}
        >
          {!pages ? 'Choose Photo' : chosen.length > 0 ? 'Add a Page' : 'Choose PDF or Photos'}
        </PlainButton>
      </div>

      {chosen.length === 0 && !preparing && <span className="pf-secondary">No file chosen</span>}
      {chosen.length > 0 && (
        <ol
          aria-label={`${label}: ${pages ? 'pages' : 'photo'} ${sent ? 'sent' : 'to upload'}`}
          className={pages ? 'doc-chosen doc-chosen-pages' : 'doc-chosen'}
        >
          {chosen.map((c, n) => (
            <li key={c.id}>
              <div className="doc-chosen-row">
                <span className="doc-chosen-name">
                  {c.name}{' '}
                  <span className="pf-secondary">
                    ({sizeText(c.file.size)}
                    {c.file.size < c.originalSize ? `, made smaller from ${sizeText(c.originalSize)}` : ''})
                  </span>
                </span>
                {!sent && (
                  <PlainButton
                    variant="text"
                    icon={<PlainIcon icon={DeleteOutlined} />}
                    aria-label={`Remove ${pages ? `page ${n + 1}, ` : ''}${c.name}`}
                    onClick={() => onRemove(c.id)}
                    disabled={disabled || preparing}
                  />
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {preparing && (
        <span className="pf-secondary" role="status">
          Preparing the photo…
        </span>
      )}
    </>
  );
}
