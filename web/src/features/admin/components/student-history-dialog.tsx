import { Alert, Button, Modal, Segmented, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { StudentListItem } from '../../../../../shared/admin-types.js';
import type { AuditEntryView } from '../../../../../shared/api-types.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useSchoolTime } from '../../../lib/use-school-time.js';
import { useStudentHistory } from '../api/use-student-history.js';
import { plainName } from './student-name.js';

type Filter = 'All' | 'Changes' | 'Reads';

function what(e: AuditEntryView): string {
  if (e.action === 'read') return e.new_value ?? 'Viewed';
  const change =
    e.old_value !== null || e.new_value !== null ? `: ${e.old_value ?? '(empty)'} → ${e.new_value ?? '(empty)'}` : '';
  return `${e.field ?? e.entity}${change}`;
}

/**
 * A student's history (the audit trail of her data): who changed what and when, and which administrator
 * viewed her record, documents or forms (Read entries, one per administrator and thing per 10 minutes).
 */
export function StudentHistoryDialog({ student, onClose }: { student: StudentListItem | null; onClose: () => void }) {
  const history = useStudentHistory(student?.id ?? null);
  const [filter, setFilter] = useState<Filter>('All');
  const schoolTime = useSchoolTime();
  const rows = (history.data ?? []).filter((e) =>
    filter === 'All' ? true : filter === 'Reads' ? e.action === 'read' : e.action !== 'read',
  );
  const columns: TableColumnsType<AuditEntryView> = [
    {
      title: 'When',
      dataIndex: 'created_at',
      key: 'when',
      width: 150,
      // School time, as the rest of the office's screens (not this computer's zone and format).
      render: (v: string) => schoolTime(v),
    },
    { title: 'Who', dataIndex: 'actor', key: 'who', width: 160 },
    {
      title: 'What',
      key: 'what',
      render: (_, e) => (
        <>
          {e.action === 'read' ? <Tag color="blue">Read</Tag> : <Tag>{e.action}</Tag>}
          <Typography.Text style={{ wordBreak: 'break-word' }}>{what(e)}</Typography.Text>
        </>
      ),
    },
  ];
  return (
    <Modal
      open={student !== null}
      title={student ? `History · ${plainName(student)} (${student.id})` : ''}
      onCancel={onClose}
      destroyOnHidden
      width="min(1000px, 100vw)"
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Segmented<Filter>
        options={['All', 'Changes', 'Reads']}
        value={filter}
        onChange={setFilter}
        style={{ marginBottom: 12 }}
        aria-label="Show"
      />
      {history.isError && <Alert type="error" showIcon title={errorMessage(history.error)} />}
      <Table<AuditEntryView>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={history.isLoading}
        pagination={{ defaultPageSize: 25, size: 'small' }}
        scroll={{ y: '55vh' }}
        locale={{ emptyText: history.isLoading ? 'Loading history…' : 'Nothing recorded yet.' }}
      />
    </Modal>
  );
}
