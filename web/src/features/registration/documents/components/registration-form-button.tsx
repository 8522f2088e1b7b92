import { useState } from 'react';
import { onDemand } from '../../../../components/antd-on-demand.js';
import { OnDemandDialog } from '../../../../components/plain-dialog.js';
import { PlainButton } from '../../../../components/plain-ui.js';
import { registrationFormUrl } from '../../../../lib/registration-pdf-urls.js';
import FilePdfOutlined from '@ant-design/icons-svg/es/asn/FilePdfOutlined';
import { PlainIcon } from '../../../../components/plain-icon.js';

// The full-screen PDF viewer: its code comes when she opens the form (as the term reports' report card), so that the
// registration pages themselves load less (docs/design.md §7).
const PdfViewer = onDemand(() => import('../../../../components/pdf-viewer.js').then((m) => m.PdfViewer));

/** docs/product.md §2 Complete: 'Generate Registration Form' opens the printable form (Legal paper) full screen. */
export function RegistrationFormButton({ studentId }: { studentId: string }) {
  const [open, setOpen] = useState(false);
  // Drawn from the first opening on, so that its code is asked for once.
  const [drawn, setDrawn] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <PlainButton
        variant="primary"
        icon={<PlainIcon icon={FilePdfOutlined} />}
        onClick={() => {
          setOpen(true);
          setDrawn(true);
        }}
      >
        Generate Registration Form
      </PlainButton>
      {drawn && (
        <OnDemandDialog
          open={Boolean(open)}
          what="the registration form"
          onGiveUp={() => {
            close();
            setDrawn(false);
          }}
        >
          <PdfViewer
            url={open ? registrationFormUrl(studentId) : null}
            title="Registration Form"
            fileName={`Registration Form ${studentId}.pdf`}
            onClose={close}
          />
        </OnDemandDialog>
      )}
    </>
  );
}
