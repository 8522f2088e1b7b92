import { Avatar, Dropdown, type MenuProps, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { THEME } from '../../../shared/constants.js';

export interface AccountMenuEntry {
  path: string;
  label: string;
  icon: ReactNode;
}

/**
 * The top bar's initials avatar as a button that opens the user menu (Change Password, Logout),
 * headed with her name. The name stays in a tooltip too (docs/product.md §2), and is in the button's accessible name.
 * A parent on a phone cannot hover: the menu is where she finds the name and her account's pages.
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
  const [open, setOpen] = useState(false);
  const items: MenuProps['items'] = [
    {
      key: 'account',
      type: 'group',
      label: name,
      children: entries.map((entry) => ({ key: entry.path, label: entry.label, icon: entry.icon })),
    },
  ];
  return (
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
          void navigate(key);
        },
      }}
    >
      {/* No tooltip over the open menu, which shows the name itself. */}
      <Tooltip title={open ? null : name}>
        <button
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
  );
}
