import {
  Alert,
  App,
  Button,
  Checkbox,
  ConfigProvider,
  DatePicker,
  Flex,
  Form,
  Grid,
  Modal,
  Progress,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { type ClassPosting, TERM_REPORT_MESSAGES as T, termLabel } from '../../../../../shared/term-reports.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { usePostTermReports } from '../api/use-post-term-reports.js';
import { nowLine, ownClassLine, type PostingState, scheduledOnTheirOwn } from '../posting-state.js';

/** What the dialog posts or removes: a whole term, or one class of it (`class_id`). */
export interface PostingTarget extends PostingState {
  year: number;
  term: number;
  class_id?: string;
  /**
   * Whole term only: the classes posted, scheduled or removed by themselves. No removes them all; Yes posts those
   * removed, leaves those posted as they are, and those scheduled to their own time unless the office ticks
   * 'release these … too' (`include_scheduled`).
   */
  ownPostings?: ClassPosting[];
}

const RELEASE_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * The picker's calendar and clock side by side are some 430 px wide; on a phone (below antd's sm) narrower days
 * (26 px, still above the 24 px target size) and hour and minute columns let them fit a 360 px screen.
 */
const NARROW_PICKER = { components: { DatePicker: { cellWidth: 26, timeColumnWidth: 40, padding: 8 } } };

/** The server's words for a refused release time (422 errors.release_at), else null. */
function releaseProblem(e: unknown): string | null {
  return e instanceof ApiError && e.status === 422 ? (e.body?.errors?.release_at?.[0] ?? null) : null;
}

/**
 * docs/product.md §2 Post Term Reports dialog: 'Post {year} Term {term} reports?' with Cancel, No and Yes. Yes posts,
 * No removes the posting, Cancel closes. Under the question it says what the posting is now (and, for one class,
 * which class), and Yes can wait for a release time in school time. While working it says so over a progress bar;
 * afterwards a snackbar confirms, and a failure is shown in the dialog (a refused release time on its field).
 */
export function PostTermReportsDialog({ target, onClose }: { target: PostingTarget | null; onClose: () => void }) {
  const { message } = App.useApp();
  const post = usePostTermReports();
  const [working, setWorking] = useState<0 | 1 | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [releaseLater, setReleaseLater] = useState(false);
  const [releaseAt, setReleaseAt] = useState<Dayjs | null>(null);
  const [releaseError, setReleaseError] = useState<string | null>(null);
  const [includeScheduled, setIncludeScheduled] = useState(false);
  const busy = working !== null;
  const narrow = Grid.useBreakpoint().sm === false;

  const close = () => {
    if (busy) return;
    onClose();
  };
  const reset = () => {
    setFailure(null);
    setReleaseLater(false);
    setReleaseAt(null);
    setReleaseError(null);
    setIncludeScheduled(false);
  };

  const own = target && !target.class_id ? (target.ownPostings ?? []) : [];
  const scheduled = scheduledOnTheirOwn(own);

  const run = (posted: 0 | 1) => {
    if (!target) return;
    const { year, term, class_id: classId } = target;
    const forClass = classId ? ` for class ${classId}` : '';
    const release = posted && releaseLater ? releaseAt : null;
    if (posted && releaseLater && !release) {
      setReleaseError(T.releaseFormat);
      return;
    }
    setWorking(posted);
    setFailure(null);
    setReleaseError(null);
    post.mutate(
      {
        year,
        term,
        posted,
        date_posted: '',
        ...(classId ? { class_id: classId } : {}),
        ...(release ? { release_at: release.format(RELEASE_FORMAT) } : {}),
        ...(posted && scheduled.length ? { include_scheduled: includeScheduled } : {}),
      },
      {
        onSuccess: (result) => {
          const done = !posted
            ? T.removed(year, term) + forClass
            : result.scheduled_for
              ? `${termLabel(year, term)} reports${forClass} will be released ${result.scheduled_for}`
              : T.posted(year, term) + forClass;
          void message.success(done);
          setWorking(null);
          onClose();
        },
        onError: (e) => {
          setWorking(null);
          const problem = releaseProblem(e);
          if (problem) {
            setReleaseError(problem);
            return;
          }
          const text = `${posted ? T.postFailed : T.removeFailed} ${errorMessage(e)}`;
          setFailure(text);
          void message.error(text);
        },
      },
    );
  };

  const classId = target?.class_id;
  return (
    <Modal
      open={target !== null}
      onCancel={close}
      afterClose={reset}
      closable={!busy}
      mask={{ closable: !busy }}
      keyboard={!busy}
      destroyOnHidden
      title={target ? T.confirmPost(target.year, target.term) : ''}
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          {/* No spinner on the buttons: the stand-by line and its bar say it, and antd's spinner can outlast the
              work in the button's name ('loading Yes'). */}
          <Button onClick={() => run(0)} disabled={busy}>
            No
          </Button>
          <Button type="primary" onClick={() => run(1)} disabled={busy}>
            Yes
          </Button>
        </Flex>
      }
    >
      {target && classId && (
        <Typography.Paragraph strong style={{ marginBottom: 4 }}>
          Class {classId} only
        </Typography.Paragraph>
      )}
      {target && <Typography.Paragraph strong>{nowLine(target, own)}</Typography.Paragraph>}
      {target && !busy && (
        <>
          <Typography.Paragraph>
            Yes posts {classId ? `class ${classId}'s reports` : 'them'} so students can read their report cards; No
            removes the posting{target.scheduled_for ? ' and cancels the release' : ''}
            {own.length ? ' of every class' : ''}.
          </Typography.Paragraph>
          {own.length > 0 && (
            <section aria-labelledby="own-classes-heading" style={{ marginBottom: 12 }}>
              <Typography.Text strong id="own-classes-heading">
                Set on their own
              </Typography.Text>
              <ul style={{ margin: '4px 0 4px', paddingInlineStart: 20 }}>
                {own.map((c) => (
                  <li key={c.class_id}>{ownClassLine(c)}</li>
                ))}
              </ul>
              <Typography.Text type="secondary">
                Yes leaves a class posted on its own as it is
                {scheduled.length ? ', and a class scheduled on its own keeps its time unless you tick below' : ''}.
              </Typography.Text>
              {scheduled.length > 0 && (
                <div style={{ marginTop: 8 }}>
                  <Checkbox checked={includeScheduled} onChange={(e) => setIncludeScheduled(e.target.checked)}>
                    Release {scheduled.length === 1 ? `class ${scheduled[0].class_id}` : 'these classes'}{' '}
                    {releaseLater ? 'at the same time' : 'now'} too
                  </Checkbox>
                </div>
              )}
            </section>
          )}
          <Checkbox
            checked={releaseLater}
            onChange={(e) => {
              setReleaseLater(e.target.checked);
              setReleaseError(null);
            }}
          >
            Release at a chosen time
          </Checkbox>
          {releaseLater && (
            <Form layout="vertical" component="div" style={{ marginTop: 12 }}>
              <Form.Item
                label="Release time (school time)"
                htmlFor="release-at"
                validateStatus={releaseError ? 'error' : undefined}
                help={
                  releaseError ?? 'Students see the reports, and families are told, from this time. Then press Yes.'
                }
                style={{ marginBottom: 8 }}
              >
                <ConfigProvider theme={narrow ? NARROW_PICKER : undefined}>
                  <DatePicker
                    id="release-at"
                    showTime={{ format: 'HH:mm' }}
                    format={RELEASE_FORMAT}
                    placeholder={RELEASE_FORMAT}
                    value={releaseAt}
                    // Only what is surely past: this device's clock and zone may differ from the school's, whose
                    // server has the last word (releasePassed).
                    disabledDate={(d) => d.isBefore(dayjs().subtract(1, 'day').startOf('day'))}
                    onChange={(d) => {
                      setReleaseAt(d);
                      setReleaseError(null);
                    }}
                    style={{ width: '100%', maxWidth: 260 }}
                  />
                </ConfigProvider>
              </Form.Item>
            </Form>
          )}
        </>
      )}
      {busy && (
        <div role="status">
          <Typography.Paragraph style={{ marginBottom: 4 }}>{working ? T.posting : T.removing}</Typography.Paragraph>
          <Progress percent={100} status="active" showInfo={false} aria-label={working ? T.posting : T.removing} />
        </div>
      )}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
