import { FilePdfOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { PdfViewer } from '../../../../components/pdf-viewer.js';
import { registrationFormUrl } from '../../../../lib/registration-pdf-urls.js';

/** docs/product.md §2 Complete: 'Generate Registration Form' opens the printable form (Legal paper) full screen. */
export function RegistrationFormButton({ studentId }: { studentId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<FilePdfOutlined />} onClick={() => setOpen(true)}>
        Generate Registration Form
      </Button>
      <PdfViewer
        url={open ? registrationFormUrl(studentId) : null}
        title="Registration Form"
        fileName={`Registration Form ${studentId}.pdf`}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
