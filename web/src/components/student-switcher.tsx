import { CheckOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import type { LinkedStudent } from '../../../shared/guardians.js';
import { linkedStudentLabel, linkedStudentName } from '../lib/active-student.js';

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;

/**
 * The strip under a guardian's top bar (docs/product.md §11): whose pages are open ("Aisha Mohammed (2A)") and, when
 * she has several daughters, a button that switches to another. The page stays the same, for the other daughter.
 * A long name is cut with an ellipsis rather than widening a 360 px screen; the menu shows it whole.
 */
export function StudentSwitcher({
  students,
  active,
  onChoose,
}: {
  students: LinkedStudent[];
  active: LinkedStudent;
  onChoose: (studentId: string) => void;
}) {
  const [open, setOpen] = useState(false);
  /** Said to a screen reader after a switch: the page under the bar now is the other daughter's. */
  const [announcement, setAnnouncement] = useState('');
  const label = linkedStudentLabel(active);

  const items: MenuProps['items'] = students.map((s) => ({
    key: s.id,
    // The tick is for the eye; the words say it to everyone.
    label: s.id === active.id ? `${linkedStudentLabel(s)} (showing now)` : linkedStudentLabel(s),
    icon: s.id === active.id ? <CheckOutlined aria-hidden /> : <span aria-hidden style={{ width: 14 }} />,
  }));

  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        minHeight: 44,
        padding: '4px 12px',
        background: '#fff',
        borderBottom: '1px solid #e5e7eb',
        minWidth: 0,
      }}
    >
      <span style={{ flex: 'none', color: 'rgba(0, 0, 0, 0.66)' }}>Student:</span>
      {students.length > 1 ? (
        <Dropdown
          open={open}
          onOpenChange={setOpen}
          trigger={['click']}
          placement="bottomLeft"
          autoFocus
          menu={{
            items,
            selectable: true,
            selectedKeys: [active.id],
            onClick: ({ key }) => {
              setOpen(false);
              if (key === active.id) return;
              const next = students.find((s) => s.id === key);
              onChoose(key);
              if (next) setAnnouncement(`Now showing ${linkedStudentName(next)}.`);
            },
          }}
        >
          <Button
            aria-label={`Switch student: ${label}`}
            aria-haspopup="menu"
            aria-expanded={open}
            style={{ minWidth: 0, maxWidth: '100%', display: 'inline-flex', alignItems: 'center', fontWeight: 600 }}
          >
            <span style={ellipsis}>{label}</span>
            <DownOutlined aria-hidden style={{ flex: 'none' }} />
          </Button>
        </Dropdown>
      ) : (
        <strong style={ellipsis}>{label}</strong>
      )}
      <span role="status" className="visually-hidden">
        {announcement}
      </span>
    </div>
  );
}
