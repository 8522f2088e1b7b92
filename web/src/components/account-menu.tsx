import { UserAddOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps, Tooltip } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { THEME } from '../../../shared/constants.js';
import { ROUTES } from '../config/routes.js';
import { useAuth } from '../lib/auth-store.js';
import { InviteParentDialog } from './invite-parent-dialog.js';

export interface AccountMenuEntry {
  path: string;
  label: string;
  icon: ReactNode;
}

/** The menu key of a student's "Invite a parent": it opens a dialog rather than a page. */
const INVITE_PARENT = 'invite-parent';

/**
 * The top bar's initials avatar as a button that opens the user menu (Change Password, Logout),
 * headed with her name. The name stays in a tooltip too (docs/product.md §2), and is in the button's accessible name.
 * A parent on a phone cannot hover: the menu is where she finds the name and her account's pages.
 * A signed-in student (only she: not a guardian, not the office) also finds "Invite a parent" in it, before Logout.
 */
export function AccountMenu({
  name,
  initials,
  entries,
}: {
  name: string;
  initials: string;
  entries: AccountMenuEntry[];
}) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [inviting, setInviting] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const studentId = user?.role === 'student' ? user.student_id : null;
  const children: { key: string; label: string; icon: ReactNode }[] = entries.map((entry) => ({
    key: entry.path,
    label: entry.label,
    icon: entry.icon,
  }));
  if (studentId) {
    const logout = children.findIndex((item) => item.key === ROUTES.logout);
    children.splice(logout < 0 ? children.length : logout, 0, {
      key: INVITE_PARENT,
      label: 'Invite a parent',
      icon: <UserAddOutlined />,
    });
  }
  const items: MenuProps['items'] = [{ key: 'account', type: 'group', label: name, children }];
  return (
    <>
      <Dropdown
        open={open}
        onOpenChange={setOpen}
        trigger={['click']}
        placement="bottomRight"
        autoFocus
        menu={{
          items,
          onClick: ({ key }) => {
            setOpen(false);
            if (key === INVITE_PARENT) setInviting(true);
            else void navigate(key);
          },
        }}
      >
        {/* No tooltip over the open menu, which shows the name itself. */}
        <Tooltip title={open ? null : name}>
          <button
            ref={button}
            type="button"
            // The initials are what she sees on the button, so a voice user can say them (label in name).
            aria-label={`${initials}, ${name}`}
            aria-haspopup="menu"
            aria-expanded={open}
            style={{
              flex: 'none',
              display: 'inline-flex',
              padding: 2,
              border: 0,
              borderRadius: '50%',
              background: 'transparent',
              cursor: 'pointer',
            }}
          >
            <Avatar style={{ background: THEME.secondary, color: THEME.primary, fontWeight: 700 }}>{initials}</Avatar>
          </button>
        </Tooltip>
      </Dropdown>
      {studentId && (
        <InviteParentDialog
          studentId={studentId}
          open={inviting}
          onClose={() => setInviting(false)}
          // The menu entry that opened it is gone with the menu: the focus goes back to the avatar button.
          afterClose={() => button.current?.focus()}
        />
      )}
    </>
  );
}
