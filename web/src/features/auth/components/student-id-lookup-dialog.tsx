import { AutoComplete, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { isSearchableName, useStudentIdLookup } from '../api/use-student-id-lookup.js';

interface Props {
  open: boolean;
  onClose(): void;
  /** A match was picked: its student ID goes into the sign-in form. */
  onChoose(studentId: string): void;
}

/** 'Search for Student ID' (docs/product.md §2): an autocomplete on the student's name showing "ID – name" matches. */
export default function StudentIdLookupDialog({ open, onClose, onChoose }: Props) {
  const [text, setText] = useState('');
  const name = useDebouncedValue(text, 400);
  const lookup = useStudentIdLookup(name);
  const searchable = isSearchableName(name);

  const options = (searchable ? (lookup.data ?? []) : []).map((m) => ({ value: m.id, label: `${m.id} – ${m.name}` }));

  let status = 'Type the first name and the last name (at least 3 letters of each).';
  if (searchable && lookup.isFetching) status = 'Searching…';
  else if (searchable && lookup.isError) status = errorMessage(lookup.error);
  else if (searchable && lookup.data) {
    status =
      lookup.data.length === 0
        ? 'No student found with that name.'
        : `${lookup.data.length} found. Choose your name to use its ID.`;
  }

  return (
    <Modal
      title="Search for Student ID"
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      afterClose={() => setText('')}
      width={480}
    >
      <Form layout="vertical" name="student-id-lookup">
        <Form.Item label="Student Name" htmlFor="student-id-lookup-name" style={{ marginBottom: 8 }}>
          <AutoComplete
            id="student-id-lookup-name"
            value={text}
            options={options}
            onChange={(value: string) => setText(value)}
            onSelect={(id: string) => onChoose(id)}
            placeholder="First and last name"
            aria-describedby="student-id-lookup-status"
            autoFocus
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
      <Typography.Text
        id="student-id-lookup-status"
        type={searchable && lookup.isError ? 'danger' : 'secondary'}
        role="status"
        aria-live="polite"
      >
        {status}
      </Typography.Text>
    </Modal>
  );
}
