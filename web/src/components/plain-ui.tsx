import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { sendHeldSubmit } from '../lib/early-input.js';
import { useInBrowser } from './client-only.js';
import { type ButtonHTMLAttributes, type HTMLAttributes, type ReactNode, useEffect, useRef } from 'react';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import WarningFilled from '@ant-design/icons-svg/es/asn/WarningFilled';
import { Spinner } from './plain-controls.js';
import { PlainIcon } from './plain-icon.js';
import './plain-ui.css';

/*
 * The building blocks of the signed-in pages drawn without antd (the registration steps): a button, an alert, a
 * titled panel, a result screen and a skeleton, styled as antd 6 drew them with the portal's theme (plain-ui.css).
 * The sign-in screens have their own smaller set (plain-controls.tsx), which this one reuses.
 */

export type PlainButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** danger: a primary button that removes something (plain-dialog.css) */
  variant?: 'primary' | 'default' | 'link' | 'text' | 'danger';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  /** A call is under way: a spinner in the button, and a second press does nothing. */
  loading?: boolean;
  icon?: ReactNode;
};

/**
 * The classes of a button's look, for a link drawn as a button (antd's Button with href) too. Without words (an icon
 * only) it is square, as antd's.
 */
export function buttonClasses({
  variant = 'default',
  size = 'middle',
  block,
  loading,
  iconOnly,
  className,
}: Pick<PlainButtonProps, 'variant' | 'size' | 'block' | 'loading' | 'className'> & { iconOnly?: boolean }): string {
  const classes = [
    'pf-btn',
    `pf-btn-${variant}`,
    size === 'small' ? 'pf-btn-sm' : size === 'large' ? 'pf-btn-lg' : '',
    block ? 'pf-btn-block' : '',
    loading ? 'pf-btn-loading' : '',
    iconOnly ? 'pf-btn-icon-only' : '',
    className ?? '',
  ];
  return classes.filter(Boolean).join(' ');
}

/** antd's Button: primary, default (outlined), text or link; small, middle or large; with its loading state. */
export function PlainButton({
  variant = 'default',
  size = 'middle',
  block,
  loading,
  icon,
  className,
  children,
  type = 'button',
  onClick,
  ...props
}: PlainButtonProps) {
  const hasWords = children !== undefined && children !== null && children !== false;
  // A form's sending button is a plain one until the page is live: the browser never sends the form itself
  // (lib/early-input.ts holds the press meanwhile).
  const live = useInBrowser();
  const sends = type === 'submit';
  const button = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (sends) sendHeldSubmit(button.current?.form);
    // Once, when first drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <button
      {...props}
      ref={button}
      type={sends && !live ? 'button' : type}
      data-submit={sends ? '' : undefined}
      className={buttonClasses({ variant, size, block, loading, iconOnly: !hasWords, className })}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
    >
      {loading ? <Spinner size="small" /> : icon}
      {hasWords && <span>{children}</span>}
    </button>
  );
}

/** A percentage under way (antd's line Progress): announced as a progress bar with its value, the percent beside it. */
export function PlainProgress({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      className="pf-progress"
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="pf-progress-rail">
        <div className="pf-progress-bar" style={{ width: `${value}%` }} />
      </div>
      <span className="pf-progress-text">{value}%</span>
    </div>
  );
}

const ALERT_ICON: Record<'success' | 'info' | 'warning' | 'error', IconDefinition> = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: WarningFilled,
  error: CloseCircleFilled,
};

/**
 * antd's Alert with its icon: a title, an optional description under it, and an optional action on the right. Other
 * attributes (e.g. data-*) go on its <div>.
 */
export function PlainAlert({
  type,
  title,
  description,
  action,
  role,
  className,
  ...props
}: Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'role'> & {
  type: 'success' | 'info' | 'warning' | 'error';
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** alert: announced at once; status: announced politely; note: read in its place; none: simply there. */
  role?: 'alert' | 'status' | 'note';
  className?: string;
}) {
  const classes = ['pf-alert', `pf-alert-${type}`, description ? 'pf-alert-with-description' : '', className ?? ''];
  return (
    <div {...props} className={classes.filter(Boolean).join(' ')} role={role}>
      <PlainIcon icon={ALERT_ICON[type]} className="pf-alert-icon" />
      <div className="pf-alert-content">
        <div className="pf-alert-message">{title}</div>
        {description && <div className="pf-alert-description">{description}</div>}
      </div>
      {action && <div className="pf-alert-action">{action}</div>}
    </div>
  );
}

/**
 * A white titled panel (antd's Card): its title is a heading (level 2 unless told), with an optional part on the
 * right; small is antd's small card. Other attributes (e.g. data-*) go on its <section>.
 */
export function PlainPanel({
  title,
  extra,
  children,
  className,
  size,
  level = 2,
  ...props
}: Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
  size?: 'small';
  level?: 2 | 3;
}) {
  const Heading = level === 3 ? 'h3' : 'h2';
  const classes = ['pf-panel', size === 'small' ? 'pf-panel-sm' : '', className ?? ''];
  return (
    <section {...props} className={classes.filter(Boolean).join(' ')}>
      <div className="pf-panel-head">
        <Heading className="pf-panel-title">{title}</Heading>
        {extra && <div className="pf-panel-extra">{extra}</div>}
      </div>
      <div className="pf-panel-body">{children}</div>
    </section>
  );
}

/** A whole-page message instead of the page (antd's Result): why, and what she can do. */
export function PlainResult({
  status,
  title,
  subTitle,
  extra,
}: {
  status: 'warning' | 'error' | 'info';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className="pf-result">
      <PlainIcon
        icon={status === 'info' ? InfoCircleFilled : WarningFilled}
        className={`pf-result-${status === 'info' ? 'info' : status}`}
      />
      <h1 className="pf-result-title">{title}</h1>
      {subTitle && <div className="pf-result-subtitle">{subTitle}</div>}
      {extra}
    </div>
  );
}

/** Grey bars where text is on its way (antd's Skeleton), announced as loading. */
export function PlainSkeleton({ rows = 3, label = 'Loading…' }: { rows?: number; label?: string }) {
  return (
    <div className="pf-skeleton" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="pf-skeleton-row" />
      ))}
    </div>
  );
}

/** The form's large primary sending button (antd's `type="primary" block size="large"`): PlainButton's preset. */
export function PlainSubmitButton({
  loading,
  disabled,
  describedBy,
  children,
}: {
  loading?: boolean;
  disabled?: boolean;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <PlainButton
      type="submit"
      variant="primary"
      size="large"
      block
      loading={loading}
      disabled={disabled}
      aria-describedby={describedBy}
    >
      {children}
    </PlainButton>
  );
}

/** A failed call's message above a form (antd's `<Alert type="error" showIcon>`): PlainAlert's preset. */
export function PlainErrorAlert({ message }: { message: string }) {
  return <PlainAlert type="error" role="alert" title={message} />;
}
