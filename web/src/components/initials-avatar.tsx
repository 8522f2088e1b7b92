import { Avatar, Tooltip } from 'antd';
import { THEME } from '../../../shared/constants.js';

/**
 * The top bar's initials avatar with the full name in a tooltip (docs/product.md §2). It can be focused, so the
 * tooltip also shows for keyboard users, and screen readers hear the name rather than the initials.
 */
export function InitialsAvatar({ name, initials }: { name: string; initials: string }) {
  return (
    <Tooltip title={name}>
      <span
        role="img"
        aria-label={name}
        tabIndex={0}
        style={{ display: 'inline-flex', flex: 'none', borderRadius: '50%' }}
      >
        <Avatar style={{ background: THEME.secondary, color: THEME.primary, fontWeight: 700, cursor: 'default' }}>
          {initials}
        </Avatar>
      </span>
    </Tooltip>
  );
}
