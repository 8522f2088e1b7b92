import type { TableColumnsType } from 'antd';
import type { StudentListItem } from '../../../../../shared/admin-types.js';
import { displayName } from './student-name.js';

type Identified = Pick<StudentListItem, 'id' | 'first_name' | 'last_name' | 'class_id'>;

/** The ID, Name ('last, first') and class columns the office's student tables begin with, each sortable. */
export function studentIdentityColumns<T extends Identified>(klass: { title: string; width: number }) {
  const columns: TableColumnsType<T> = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 110, sorter: (a, b) => a.id.localeCompare(b.id) },
    {
      title: 'Name',
      key: 'name',
      render: (_, s) => displayName(s),
      sorter: (a, b) => displayName(a).localeCompare(displayName(b)),
    },
    {
      title: klass.title,
      dataIndex: 'class_id',
      key: 'class',
      width: klass.width,
      sorter: (a, b) => (a.class_id ?? '').localeCompare(b.class_id ?? ''),
    },
  ];
  return columns;
}
