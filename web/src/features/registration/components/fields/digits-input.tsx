import { Form, Input, type InputProps, Space } from 'antd';
import { type ClipboardEvent, type FormEvent, type KeyboardEvent, useRef } from 'react';
import { PHONE_PREFIX } from '../../../../../../shared/constants.js';
import { pastePhone } from '../../../../../../shared/phone-number.js';

/** Keys that edit or move rather than type a character. */
function isTypedCharacter(e: KeyboardEvent<HTMLInputElement>): boolean {
  return e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
}

/**
 * A text box that takes digits only (docs/product.md §5): other key presses are blocked, on a phone too (virtual
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

interface PhoneInputProps extends InputProps {
  /** The form field it edits: a refused paste shows its message as that field's error. */
  field: string;
}

/**
 * docs/product.md §5 phone: 7 digits after a fixed 1868 prefix that is shown, not typed and not stored. Typed
 * characters other than digits are blocked (docs/product.md §5); a paste is taken as a whole number the way people
 * copy one ('(868) 623-4567' becomes 6234567, the rule of shared/phone-number.ts), instead of the
 * browser cutting it to 7 characters or the digits-only filter dropping it without a word.
 */
export function PhoneInput({ field, ...props }: PhoneInputProps) {
  const form = Form.useFormInstance();
  /** A refused paste's message is on the field: the next change takes it away. */
  const pasteRefused = useRef(false);

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const input = e.currentTarget;
    const end = input.selectionEnd ?? input.value.length;
    const result = pastePhone(input.value, input.selectionStart ?? end, end, e.clipboardData.getData('text'));
    if ('problem' in result) {
      // The box keeps what it held: the number typed or saved so far. The refused text is still on
      // her clipboard and the message says why it did not go in; putting letters in the box would show
      // a number that can never be saved, and losing the old one would make her type it again.
      pasteRefused.current = true;
      form.setFields([{ name: field, errors: [result.problem] }]);
      return;
    }
    pasteRefused.current = false;
    form.setFields([{ name: field, value: result.value, errors: [] }]);
    requestAnimationFrame(() => input.setSelectionRange(result.caret, result.caret));
  };

  return (
    <Space.Compact block>
      <Space.Addon aria-hidden>{PHONE_PREFIX}</Space.Addon>
      <DigitsInput
        {...props}
        onPaste={onPaste}
        onChange={(e) => {
          if (pasteRefused.current) {
            pasteRefused.current = false;
            form.setFields([{ name: field, errors: [] }]);
          }
          props.onChange?.(e);
        }}
      />
    </Space.Compact>
  );
}
