import type { ClipboardEvent, FormEvent, InputHTMLAttributes, KeyboardEvent } from 'react';
import { PHONE_PREFIX } from '../../../../../../shared/constants.js';
import { pastePhone } from '../../../../../../shared/phone-number.js';

export type DigitsInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** Keys that edit or move rather than type a character. */
function isTypedCharacter(e: KeyboardEvent<HTMLInputElement>): boolean {
  return e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
}

/**
 * A text box that takes digits only (docs/product.md §5): other key presses are blocked, on a phone too (virtual
 * keyboards report text through beforeinput, not key codes), and it opens the number pad.
 */
export function DigitsInput({ onValueChange, ...props }: DigitsInputProps) {
  return (
    <input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      onChange={(e) => onValueChange(e.target.value)}
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

type PhoneInputProps = DigitsInputProps & {
  /** A paste that is not a phone number: its message is shown as the field's error. */
  onPasteRefused: (problem: string) => void;
  /** A paste taken in part (a number with its extension): what was left out, to show under the box. */
  onPasteNote: (note: string) => void;
};

/**
 * docs/product.md §5 phone: 7 digits after a fixed 1868 prefix that is shown, not typed and not stored. Typed
 * characters other than digits are blocked (docs/product.md §5); a paste is taken as a whole number the way people
 * copy one ('(868) 623-4567' becomes 6234567, the rule of shared/phone-number.ts), instead of the
 * browser cutting it to 7 characters or the digits-only filter dropping it without a word. A number pasted with its
 * extension keeps the number, and the note says the extension was left out.
 */
export function PhoneInput({ onPasteRefused, onPasteNote, onValueChange, className, ...props }: PhoneInputProps) {
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const input = e.currentTarget;
    const end = input.selectionEnd ?? input.value.length;
    const result = pastePhone(input.value, input.selectionStart ?? end, end, e.clipboardData.getData('text'));
    if ('problem' in result) {
      // The box keeps what it held: the number typed or saved so far. The refused text is still on
      // her clipboard and the message says why it did not go in; putting letters in the box would show
      // a number that can never be saved, and losing the old one would make her type it again.
      onPasteRefused(result.problem);
      return;
    }
    onValueChange(result.value);
    if (result.note) onPasteNote(result.note);
    requestAnimationFrame(() => input.setSelectionRange(result.caret, result.caret));
  };

  return (
    <span className="rf-phone">
      <span className="rf-addon" aria-hidden="true">
        {PHONE_PREFIX}
      </span>
      <DigitsInput {...props} className={className} onPaste={onPaste} onValueChange={onValueChange} />
    </span>
  );
}
