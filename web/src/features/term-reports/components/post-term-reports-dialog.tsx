import { Alert, App, Button, Flex, Modal, Progress, Typography } from 'antd';
import { useState } from 'react';
import { TERM_REPORT_MESSAGES as T, type TermReportsPostedItem } from '../../../../../shared/term-reports.js';
import { errorMessage } from '../../../lib/api-client.js';
import { usePostTermReports } from '../api/use-post-term-reports.js';

/**
 * docs/product.md §2 Post Term Reports dialog: 'Post {year} Term {term} reports?' with Cancel, No and Yes. Yes posts,
 * No removes the posting, Cancel closes. While working it says so over a progress bar; afterwards a
 * snackbar confirms, and a failure is shown in the dialog.
 */
export function PostTermReportsDialog({ item, onClose }: { item: TermReportsPostedItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  const post = usePostTermReports();
  const [working, setWorking] = useState<0 | 1 | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (working !== null) return;
    setFailure(null);
    onClose();
  };

  const run = (posted: 0 | 1) => {
    if (!item) return;
    setWorking(posted);
    setFailure(null);
    post.mutate(
      { year: item.year, term: item.term, posted, date_posted: '' },
      {
        onSuccess: () => {
          void message.success(posted ? T.posted(item.year, item.term) : T.removed(item.year, item.term));
          setWorking(null);
          onClose();
        },
        onError: (e) => {
          const text = `${posted ? T.postFailed : T.removeFailed} ${errorMessage(e)}`;
          setFailure(text);
          void message.error(text);
          setWorking(null);
        },
      },
    );
  };

  return (
    <Modal
      open={item !== null}
      onCancel={close}
      closable={working === null}
      mask={{ closable: working === null }}
      keyboard={working === null}
      destroyOnHidden
      title={item ? T.confirmPost(item.year, item.term) : ''}
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={close} disabled={working !== null}>
            Cancel
          </Button>
          <Button onClick={() => run(0)} disabled={working !== null} loading={working === 0}>
            No
          </Button>
          <Button type="primary" onClick={() => run(1)} disabled={working !== null} loading={working === 1}>
            Yes
          </Button>
        </Flex>
      }
    >
      {item && working === null && (
        <Typography.Paragraph>
          {item.posted ? `These reports were posted ${item.date_posted}. ` : 'These reports are not posted. '}
          Yes posts them so students can read their report cards; No removes the posting.
        </Typography.Paragraph>
      )}
      {working !== null && (
        <div role="status">
          <Typography.Paragraph style={{ marginBottom: 4 }}>{working ? T.posting : T.removing}</Typography.Paragraph>
          <Progress percent={100} status="active" showInfo={false} aria-label={working ? T.posting : T.removing} />
        </div>
      )}
      {failure && <Alert type="error" showIcon title={failure} />}
    </Modal>
  );
}
