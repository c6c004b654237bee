import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { FilePickerButton } from './file-picker-button';

describe('FilePickerButton', () => {
  it("offers only the accepted document types in the browser's file chooser", () => {
    const { container } = render(<FilePickerButton onFile={() => undefined}>Kies bestand</FilePickerButton>);
    const accept = container.querySelector('input[type="file"]')?.getAttribute('accept') ?? '';
    expect(accept.split(',')).toEqual(
      expect.arrayContaining(['.pdf', '.jpg', '.heic', '.docx', '.xlsx', '.odt', '.rtf', '.txt', '.eml', '.msg']),
    );
    expect(accept).not.toContain('.html');
  });
});
