import { useRef } from 'react';

/**
 * Focus handlers for a Radix dialog that is opened from outside (no Radix trigger). Radix then
 * sends the focus to <body> on close, which loses a keyboard user's place. With these, the focus
 * goes back to the element that had it when the dialog opened, or, when `focusOnClose` returns
 * an element (say the list's heading after the opener's item was deleted), to that element.
 */
export function useReturnFocus(focusOnClose?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = focusOnClose?.() ?? (opener.current?.isConnected ? opener.current : null);
      opener.current = null;
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}
