import { type ReactNode, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { GUARDIAN_MESSAGES } from '../../../shared/guardians.js';
import { ROUTES } from '../config/routes.js';
import { useAuth } from '../lib/auth-store.js';
import { OnDemandBoundary, onDemand } from './antd-on-demand.js';
import { AvatarCircle } from './initials-avatar.js';
import { LoadingOverlay } from './page-spinner.js';
import { PartUnavailableDialog } from './plain-dialog.js';
import { MenuButton, type PopupMenuItem } from './popup-menu.js';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import UserAddOutlined from '@ant-design/icons-svg/es/asn/UserAddOutlined';
import { PlainIcon } from './plain-icon.js';

export interface AccountMenuEntry {
  path: string;
  label: string;
  icon: ReactNode;
}

/**
 * A student's own dialogs, "Invite a parent" and "Who can see my registration" (the light kit's PlainModal): their
 * code comes only when she opens one, so the top bar carries none of it (docs/design.md §7). Made once,
 * here: a part made in a render would be a new component each time, and would lose the dialog (what she typed, the
 * "sent" message) whenever the menu redraws.
 */
const STUDENT_DIALOGS = {
  'invite-parent': {
    label: 'Invite a parent',
    icon: UserAddOutlined,
    failed: 'The invitation form could not be loaded: check your connection and choose Try again.',
    Dialog: onDemand(() => import('./invite-parent-dialog.js').then((m) => m.InviteParentDialog)),
  },
  'my-guardians': {
    label: GUARDIAN_MESSAGES.whoCanSee,
    icon: TeamOutlined,
    failed: 'The list could not be loaded: check your connection and choose Try again.',
    Dialog: onDemand(() => import('./my-guardians-dialog.js').then((m) => m.MyGuardiansDialog)),
  },
} as const;
type StudentDialog = keyof typeof STUDENT_DIALOGS;
const isStudentDialog = (key: string): key is StudentDialog => Object.hasOwn(STUDENT_DIALOGS, key);

/**
 * The top bar's initials avatar as a button that opens the user menu (Change Password, Logout),
 * headed with her name. The name stays in a tooltip too (docs/product.md §2), and is in the button's accessible name.
 * A parent on a phone cannot hover: the menu is where she finds the name and her account's pages.
 * A signed-in student (only she: not a guardian, not the office) also finds "Invite a parent" and "Who can see my
 * registration" in it, before Logout.
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
  const { user } = useAuth();
  /** Each dialog is drawn from the first time she opens it (then kept, so its code is asked for once). */
  const [shown, setShown] = useState<readonly StudentDialog[]>([]);
  const [open, setOpen] = useState<StudentDialog | null>(null);
  const wrapper = useRef<HTMLSpanElement>(null);
  const studentId = user?.role === 'student' ? user.student_id : null;
  const items: PopupMenuItem[] = entries.map((entry) => ({
    key: entry.path,
    label: entry.label,
    icon: entry.icon,
    to: entry.path,
  }));
  if (studentId) {
    const logout = items.findIndex((item) => item.key === ROUTES.logout);
    items.splice(
      logout < 0 ? items.length : logout,
      0,
      ...Object.entries(STUDENT_DIALOGS).map(([key, d]) => ({
        key,
        label: d.label,
        icon: <PlainIcon icon={d.icon} />,
      })),
    );
  }
  const focusButton = () => wrapper.current?.querySelector('button')?.focus();
  return (
    <span ref={wrapper} className="account-menu">
      <MenuButton
        items={items}
        align="end"
        heading={name}
        buttonClassName="account-menu-button page-frame-avatar"
        menuClassName="account-menu-popup"
        // The initials are what she sees on the button, so a voice user can say them (label in name).
        label={`${initials}, ${name}`}
        title={name}
        // The other entries are links: their pages open by themselves.
        onSelect={(key) => {
          if (!isStudentDialog(key)) return;
          setShown((list) => (list.includes(key) ? list : [...list, key]));
          setOpen(key);
        }}
      >
        <AvatarCircle initials={initials} />
      </MenuButton>
      {studentId &&
        shown.map((key) => {
          const { label, failed, Dialog } = STUDENT_DIALOGS[key];
          // Over the whole page (the loading overlay, the plain dialog), not inside the top bar.
          return createPortal(
            <OnDemandBoundary
              fallback={<LoadingOverlay spinning label="Loading…" />}
              failed={(retry) => (
                <PartUnavailableDialog
                  title={label}
                  onRetry={retry}
                  // Gone with the boundary: the next choice of the entry asks for the code afresh.
                  // The focus can go back only once the modal dialog has gone (the page under it is inert till then).
                  onClose={() => {
                    flushSync(() => {
                      setOpen(null);
                      setShown((list) => list.filter((k) => k !== key));
                    });
                    focusButton();
                  }}
                >
                  {failed}
                </PartUnavailableDialog>
              )}
            >
              <Dialog
                studentId={studentId}
                open={open === key}
                onClose={() => setOpen(null)}
                // The menu entry that opened it is gone with the menu: the focus goes back to the avatar button.
                afterClose={focusButton}
              />
            </OnDemandBoundary>,
            document.body,
            key,
          );
        })}
    </span>
  );
}
