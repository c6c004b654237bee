import { useId as useRadixId } from '@radix-ui/react-id';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { startTransition, useId, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

function Ids({ onRender }: { onRender: () => void }) {
  onRender();
  const radix = useRadixId();
  const react = useId();
  return (
    <p>
      {radix}|radix-{react}|{useRadixId('fixed')}
    </p>
  );
}

describe('useId of @radix-ui/react-id (aliased to lib/radix-id.ts, decision 024)', () => {
  it("gives React's id with Radix's prefix from the first render, or the id it was given", () => {
    render(<Ids onRender={() => undefined} />);
    const [radix, react, fixed] = (screen.getByRole('paragraph').textContent ?? '').split('|');
    expect(radix).toMatch(/^radix-_r_\w+_$/);
    expect(react).toMatch(/^radix-_r_\w+_$/);
    expect(radix).not.toBe(react);
    expect(fixed).toBe('fixed');
  });

  it('leaves no update behind: a transition re-renders the component once, with no blocking render after', async () => {
    const onRender = vi.fn();
    function Parent() {
      const [value, setValue] = useState(0);
      return (
        <div data-value={value}>
          <button type="button" onClick={() => startTransition(() => setValue((current) => current + 1))}>
            next
          </button>
          <Ids onRender={onRender} />
        </div>
      );
    }
    render(<Parent />);
    await screen.findByRole('paragraph');
    expect(onRender).toHaveBeenCalledTimes(1);
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    // Radix's own hook: the transition skips the update its layout effect queued at sync
    // priority, and React renders the component a third time, synchronously, right after.
    expect(onRender).toHaveBeenCalledTimes(2);
  });
});
