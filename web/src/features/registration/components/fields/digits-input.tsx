import { Input, type InputProps, Space } from 'antd';
import type { FormEvent, KeyboardEvent } from 'react';
import { PHONE_PREFIX } from '../../../../../../shared/constants.js';

/** Keys that edit or move rather than type a character. */
function isTypedCharacter(e: KeyboardEvent<HTMLInputElement>): boolean {
  return e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
}

/**
 * A text box that takes digits only (§5): other key presses are blocked, on a phone too (virtual
 * keyboards report text through beforeinput, not key codes), and it opens the number pad.
 */
export function DigitsInput(props: InputProps) {
  return (
    <Input
      {...props}
      inputMode="numeric"
      autoComplete="off"
      onKeyDown={(e) => {
        if (isTypedCharacter(e) && !/^\d$/.test(e.key)) e.preventDefault();
        props.onKeyDown?.(e);
      }}
      onBeforeInput={(e: FormEvent<HTMLInputElement>) => {
        const data = (e.nativeEvent as InputEvent).data;
        if (data && /\D/.test(data)) e.preventDefault();
      }}
    />
  );
}

/** §5 phone: 7 digits after a fixed 1868 prefix that is shown, not typed and not stored. */
export function PhoneInput(props: InputProps) {
  return (
    <Space.Compact block>
      <Space.Addon aria-hidden>{PHONE_PREFIX}</Space.Addon>
      <DigitsInput {...props} />
    </Space.Compact>
  );
}
