import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';

function Harness({ onRemove = () => undefined }: { onRemove?: () => Promise<void> | void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Openen
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Document verwijderen"
        description="Weet je zeker dat je dit document wilt verwijderen?"
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Annuleren
            </Button>
            <Button onClick={onRemove}>Verwijderen</Button>
          </>
        }
      />
    </>
  );
}

describe('Dialog', () => {
  it('opens with its title and text, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Openen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Document verwijderen' });
    expect(dialog).toHaveAccessibleDescription('Weet je zeker dat je dit document wilt verwijderen?');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Openen' })).toHaveFocus();
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Openen' }));
    await user.click(await screen.findByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('an async button shows its busy state while its handler runs', async () => {
    const user = userEvent.setup();
    // The handler ends when the test says so, not after a delay a busy machine could outlast.
    let finish = () => {};
    const handler = () => new Promise<void>((resolve) => (finish = resolve));
    render(<Harness onRemove={handler} />);
    await user.click(screen.getByRole('button', { name: 'Openen' }));
    const remove = await screen.findByRole('button', { name: 'Verwijderen' });
    await user.click(remove);
    expect(remove).toHaveAttribute('aria-busy', 'true');
    finish();
    await waitFor(() => expect(remove).not.toHaveAttribute('aria-busy'));
  });
});
