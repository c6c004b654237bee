import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGIN_CODE_LENGTH } from '../../../contract/auth';
import { cn } from '../../ui/cn';

/** An empty box is kept as a space so the boxes keep their places. */
export const EMPTY_SLOT = ' ';

/** Upper-cases and keeps letters and digits only (codes are case-insensitive on entry). */
export function sanitizeCode(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** The code without empty boxes. */
export function compactCode(value: string): string {
  return value.replaceAll(EMPTY_SLOT, '');
}

function toSlots(value: string, length: number): string[] {
  return Array.from({ length }, (_, index) => {
    const char = value[index];
    return char && char !== EMPTY_SLOT ? char : EMPTY_SLOT;
  });
}

function fromSlots(slots: readonly string[]): string {
  return slots.join('').replace(/ +$/, '');
}

export type CodeInputProps = {
  value: string;
  onChange: (value: string) => void;
  /** The id of the text that labels the group. */
  labelId: string;
  errorId?: string;
  /** Receives the first box, so a form can focus it (react-hook-form's `field.ref`). */
  inputRef?: (element: HTMLInputElement | null) => void;
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  length?: number;
};

/**
 * Six boxes for the login code: typing moves to the next box, Backspace on an
 * empty box goes back, pasting (or the phone's one-time-code suggestion) fills every box, lower
 * case is accepted. The keyboard is a text keyboard because codes contain letters.
 */
export function CodeInput({
  value,
  onChange,
  labelId,
  errorId,
  inputRef,
  invalid,
  disabled,
  autoFocus,
  length = LOGIN_CODE_LENGTH,
}: CodeInputProps) {
  const { t } = useTranslation();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const slots = toSlots(value, length);

  const focusBox = (index: number) => {
    const target = inputs.current[Math.max(0, Math.min(length - 1, index))];
    target?.focus();
    target?.select();
  };

  /** Writes characters from box `start` on and focuses the box after the last one written. */
  const fill = (start: number, chars: string) => {
    const next = [...slots];
    const written = chars.slice(0, length - start);
    for (let offset = 0; offset < written.length; offset += 1) next[start + offset] = written[offset] ?? EMPTY_SLOT;
    onChange(fromSlots(next));
    focusBox(start + written.length);
  };

  const onBoxChange = (index: number, raw: string) => {
    const chars = sanitizeCode(raw);
    const previous = slots[index] ?? EMPTY_SLOT;
    if (chars.length === 0) {
      const next = [...slots];
      next[index] = EMPTY_SLOT;
      onChange(fromSlots(next));
      return;
    }
    if (chars.length >= length) {
      // A whole code arrived in one box (autofill, or a paste the browser did not announce).
      fill(0, chars);
      return;
    }
    if (chars.length === 2 && previous !== EMPTY_SLOT) {
      // A character typed next to the one already in the box: keep the new one.
      const typed = chars[0] === previous ? chars[1] : chars[0];
      fill(index, typed ?? '');
      return;
    }
    fill(index, chars);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && (slots[index] ?? EMPTY_SLOT) === EMPTY_SLOT && index > 0) {
      event.preventDefault();
      const next = [...slots];
      next[index - 1] = EMPTY_SLOT;
      onChange(fromSlots(next));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const chars = sanitizeCode(event.clipboardData.getData('text'));
    event.preventDefault();
    if (!chars) return;
    fill(chars.length >= length ? 0 : index, chars);
  };

  return (
    <div role="group" aria-labelledby={labelId} className="flex justify-between gap-1.5 sm:gap-2">
      {slots.map((slot, index) => (
        <input
          // The boxes are a fixed row: the index is their identity.
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
            if (index === 0) inputRef?.(element);
          }}
          type="text"
          inputMode="text"
          autoCapitalize="characters"
          autoCorrect="off"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          spellCheck={false}
          enterKeyHint={index === length - 1 ? 'go' : 'next'}
          aria-label={t('auth.code.box', { index: index + 1, count: length })}
          aria-invalid={invalid || undefined}
          aria-describedby={errorId}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          value={slot === EMPTY_SLOT ? '' : slot}
          onChange={(event) => onBoxChange(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
          className={cn(
            'aspect-square w-full max-w-14 min-w-0 rounded-lg border-2 bg-white text-center ' +
              'font-mono text-2xl font-semibold text-slate-900 uppercase',
            invalid ? 'border-red-700' : 'border-slate-400 focus:border-brand-700',
          )}
        />
      ))}
    </div>
  );
}
