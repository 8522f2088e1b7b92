import { App, Button, Flex, Typography } from 'antd';
import {
  termLabel,
  type ClassPosting,
  type TermReportHold,
  type TermReportsPostedItem,
} from '../../../../../shared/term-reports.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useLiftTermReportHold } from '../api/use-lift-term-report-hold.js';
import { postingStateText } from '../posting-state.js';
import { CSS_COLOR } from '../../../../../shared/design-tokens.js';

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
const itemStyle = { padding: '8px 0', borderBottom: `1px solid ${CSS_COLOR.borderSecondary}` } as const;

/**
 * A term row opened (docs/product.md §2 Post Term Reports, §4 Term report posting): each class with its own posting
 * state and its Post / Remove, and the students whose cards are held, with the reason, who and when.
 */
export function TermDetails({
  item,
  onPostClass,
  onHold,
}: {
  item: TermReportsPostedItem;
  onPostClass: (c: ClassPosting) => void;
  onHold: () => void;
}) {
  const label = termLabel(item.year, item.term);
  return (
    <Flex vertical gap={16} style={{ whiteSpace: 'normal' }}>
      <section aria-label={`Classes, ${label}`}>
        <Typography.Title level={2} style={{ fontSize: 16, margin: '0 0 4px' }}>
          Classes
        </Typography.Title>
        <ul style={listStyle}>
          {item.class_postings.map((c) => (
            <li key={c.class_id} style={itemStyle}>
              <Flex gap="small" wrap align="center" justify="space-between">
                <Flex vertical>
                  <Typography.Text strong>Class {c.class_id}</Typography.Text>
                  <Typography.Text>
                    {postingStateText(c)}
                    <Typography.Text type="secondary">
                      {c.own ? ' · set for this class' : ' · as the whole term'}
                    </Typography.Text>
                  </Typography.Text>
                </Flex>
                <Button aria-label={`Post / Remove class ${c.class_id}, ${label}`} onClick={() => onPostClass(c)}>
                  Post / Remove
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label={`Held reports, ${label}`}>
        <Flex gap="small" wrap align="center" justify="space-between" style={{ marginBottom: 4 }}>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            Held reports
          </Typography.Title>
          <Button aria-label={`Hold a student's report, ${label}`} onClick={onHold}>
            Hold a student&apos;s report
          </Button>
        </Flex>
        {item.holds.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            No report is held this term.
          </Typography.Paragraph>
        ) : (
          <ul style={listStyle}>
            {item.holds.map((h) => (
              <HoldLine key={h.student_id} hold={h} />
            ))}
          </ul>
        )}
      </section>
    </Flex>
  );
}

function HoldLine({ hold }: { hold: TermReportHold }) {
  const { message, modal } = App.useApp();
  const lift = useLiftTermReportHold();
  const label = termLabel(hold.year, hold.term);

  const confirm = () =>
    modal.confirm({
      title: `Lift the hold on ${hold.name}'s ${label} report?`,
      content: 'She sees her report card again if the term (or her class) is posted and released.',
      okText: 'Lift hold',
      cancelText: 'Cancel',
      onOk: () =>
        lift
          .mutateAsync({ student_id: hold.student_id, year: hold.year, term: hold.term })
          .then(() => void message.success(`The hold on ${hold.name}'s ${label} report is lifted.`))
          .catch((e: unknown) => void message.error(`The hold could not be lifted. ${errorMessage(e)}`)),
    });

  return (
    <li style={itemStyle}>
      <Flex gap="small" wrap align="center" justify="space-between">
        <Flex vertical style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Typography.Text strong>
            {hold.name} ({hold.student_id}){hold.class_id ? ` · ${hold.class_id}` : ''}
          </Typography.Text>
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>{hold.reason}</Typography.Text>
          <Typography.Text type="secondary">
            Held by {hold.held_by.replace(/^admin:/, '')} on {hold.held_at}
          </Typography.Text>
        </Flex>
        <Button aria-label={`Lift hold: ${hold.name}`} onClick={confirm} loading={lift.isPending}>
          Lift hold
        </Button>
      </Flex>
    </li>
  );
}
