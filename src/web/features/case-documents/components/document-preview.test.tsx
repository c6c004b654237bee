import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Document } from '../../../../contract/documents';
import { getPreviewKind } from '../preview-kind';
import { DocumentPreview } from './document-preview';

let n = 0;
function makeDocument(extension: string | null, temporaryUrl: string | null = '/files/documents/x?sig=1'): Document {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Document ${n}`,
    filename: extension ? `bestand-${n}.${extension}` : null,
    mandatory: false,
    status: 'Uploaded',
    visible: true,
    message: null,
    uploaded_at: '2026-11-20T10:00:00.000Z',
    uploaded_by: null,
    rejected_by: null,
    approved_by: null,
    extension,
    locked: false,
    temporary_url: temporaryUrl,
    expires_at_unix_time: temporaryUrl ? 1_800_000_000 : null,
  };
}

function Harness({ documents, onShown }: { documents: Document[]; onShown?: (d: Document) => void }) {
  const [index, setIndex] = useState<number | null>(0);
  return <DocumentPreview documents={documents} index={index} onIndexChange={setIndex} onShown={onShown} />;
}

describe('getPreviewKind', () => {
  it('chooses the preview by extension', () => {
    expect(getPreviewKind(makeDocument('pdf'))).toBe('pdf');
    for (const ext of ['png', 'jpg', 'jpeg', 'svg', 'PNG']) expect(getPreviewKind(makeDocument(ext))).toBe('image');
    for (const ext of ['docx', 'txt', 'html', 'gif']) expect(getPreviewKind(makeDocument(ext))).toBe('unavailable');
  });

  it('says the file is missing without a temporary link', () => {
    expect(getPreviewKind(makeDocument('pdf', null))).toBe('missing');
  });
});

describe('DocumentPreview', () => {
  it('shows a pdf in a frame of the temporary link', () => {
    const doc = makeDocument('pdf');
    render(<Harness documents={[doc]} />);
    const frame = screen.getByTitle(doc.title);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', doc.temporary_url);
  });

  it('shows an svg as an image, never as a document', () => {
    const doc = makeDocument('svg');
    render(<Harness documents={[doc]} />);
    expect(screen.getByRole('img', { name: doc.title })).toHaveAttribute('src', doc.temporary_url);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it("shows 'Geen voorbeeld beschikbaar' for other files and 'Nog geen bestand geüpload' without a link", () => {
    render(<Harness documents={[makeDocument('docx'), makeDocument('pdf', null)]} />);
    expect(screen.getByText('Geen voorbeeld beschikbaar')).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowRight' });
    expect(screen.getByText('Nog geen bestand geüpload')).toBeInTheDocument();
  });

  it('moves with the arrow keys, records each shown document and closes on Escape', () => {
    const docs = [makeDocument('pdf'), makeDocument('png'), makeDocument('docx')];
    const onShown = vi.fn();
    render(<Harness documents={docs} onShown={onShown} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName(expect.stringContaining('Document') as string);
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByRole('img', { name: docs[1]?.title })).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByText('Geen voorbeeld beschikbaar')).toBeInTheDocument();
    expect(onShown.mock.calls.map(([d]) => (d as Document).id)).toEqual([
      docs[0]?.id,
      docs[1]?.id,
      docs[0]?.id,
      docs[2]?.id,
    ]);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
