import { useState } from 'react';
import type { LinkedStudent } from '../../../shared/guardians.js';
import { linkedStudentLabel, linkedStudentName } from '../lib/active-student.js';
import { MenuButton, type PopupMenuItem } from './popup-menu.js';
import './top-bar.css';
import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import { PlainIcon } from './plain-icon.js';

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
  /** Said to a screen reader after a switch: the page under the bar now is the other daughter's. */
  const [announcement, setAnnouncement] = useState('');
  const label = linkedStudentLabel(active);

  const items: PopupMenuItem[] = students.map((s) => ({
    key: s.id,
    // The tick is for the eye; the words say it to everyone.
    label: s.id === active.id ? `${linkedStudentLabel(s)} (showing now)` : linkedStudentLabel(s),
    icon: s.id === active.id ? <PlainIcon icon={CheckOutlined} /> : null,
    current: s.id === active.id,
  }));

  return (
    <div className="student-switcher">
      <span className="student-switcher-label">Student:</span>
      {students.length > 1 ? (
        <MenuButton
          items={items}
          align="start"
          buttonClassName="student-switcher-button"
          menuClassName="student-switcher-menu"
          label={`Switch student: ${label}`}
          onSelect={(key) => {
            if (key === active.id) return;
            const next = students.find((s) => s.id === key);
            onChoose(key);
            if (next) setAnnouncement(`Now showing ${linkedStudentName(next)}.`);
          }}
        >
          <span className="student-switcher-name">{label}</span>
          <PlainIcon icon={DownOutlined} />
        </MenuButton>
      ) : (
        <strong className="student-switcher-name">{label}</strong>
      )}
      <span role="status" className="visually-hidden">
        {announcement}
      </span>
    </div>
  );
}
