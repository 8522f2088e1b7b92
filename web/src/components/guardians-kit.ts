import type { CSSProperties, ReactNode } from 'react';

/*
 * The controls a guardians list and an invitation form are drawn with, given by the page they are on: the family's
 * dialogs give the light kit's (guardians-plain-kit.tsx), the office's Guardians dialog antd's. The list and the form
 * themselves are plain HTML and their behaviour, written once; a page never shows two kits' versions of one control.
 */

export interface KitButtonProps {
  children: ReactNode;
  onClick?: () => void;
  'aria-label'?: string;
  disabled?: boolean;
  /** a call is under way: a spinner in the button (unnamed), a second press does nothing */
  loading?: boolean;
  variant?: 'default' | 'primary' | 'danger';
  size?: 'small';
  /** submits its form */
  submit?: boolean;
}

export interface KitAlertProps {
  type: 'success' | 'error';
  title: string;
  role?: 'alert';
  /** a button on its right */
  action?: ReactNode;
  /** given: it has a ✕ that calls this */
  onClose?: () => void;
  style?: CSSProperties;
}

export interface KitDialogProps {
  open: boolean;
  title: string;
  width: number;
  /** false while a call is under way: no ✕, Escape does nothing */
  closable: boolean;
  onClose: () => void;
  afterClose?: () => void;
  footer: ReactNode;
  children: ReactNode;
}

export interface KitFieldProps {
  /** the box's id; its error is `${id}_help` */
  id: string;
  label: string;
  error: string | null;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

export interface KitFormProps {
  name: string;
  onSubmit: () => void;
  children: ReactNode;
}

export interface GuardiansKit {
  Button: (props: KitButtonProps) => ReactNode;
  Alert: (props: KitAlertProps) => ReactNode;
  /** a small spinner and the words beside it */
  Loading: (props: { label: string }) => ReactNode;
  /** a confirmation over the list */
  Dialog: (props: KitDialogProps) => ReactNode;
  /** an e-mail address box with its label and its error */
  EmailField: (props: KitFieldProps) => ReactNode;
  Form: (props: KitFormProps) => ReactNode;
}
