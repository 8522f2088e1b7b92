import { CSS_COLOR } from '../../../shared/design-tokens.js';
import './top-bar.css';

/** The initials in the theme's accent circle (antd's Avatar, drawn without antd): 32 px, the server frame's place. */
export function AvatarCircle({ initials }: { initials: string }) {
  return (
    <span
      aria-hidden="true"
      className="avatar-circle"
      style={{ background: CSS_COLOR.accent, color: CSS_COLOR.primary }}
    >
      {initials}
    </span>
  );
}

/**
 * The top bar's initials avatar with the full name in a tooltip (docs/product.md §2). It can be focused, so the
 * tooltip also shows for keyboard users, and screen readers hear the name rather than the initials.
 */
export function InitialsAvatar({ name, initials }: { name: string; initials: string }) {
  return (
    <span role="img" aria-label={name} tabIndex={0} className="initials-avatar page-frame-avatar">
      <AvatarCircle initials={initials} />
      {/* Shown on hover and on focus (top-bar.css): a title would not show for the keyboard. */}
      <span aria-hidden="true" className="initials-avatar-tooltip">
        {name}
      </span>
    </span>
  );
}
