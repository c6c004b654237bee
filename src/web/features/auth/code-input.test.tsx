import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeInput, compactCode, sanitizeCode } from './code-input';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <p id="label">Inlogcode</p>
      <CodeInput value={value} onChange={setValue} labelId="label" />
      <output data-testid="value">{compactCode(value)}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox');
const value = () => screen.getByTestId('value').textContent;

describe('CodeInput', () => {
  it('shows six labelled boxes in a group, with one-time-code autocomplete and a letter keyboard', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Inlogcode' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    expect(screen.getByRole('textbox', { name: 'Teken 1 van 6' })).toHaveAttribute('autocomplete', 'one-time-code');
    for (const box of boxes()) {
      expect(box).toHaveAttribute('inputmode', 'text');
      expect(box).toHaveAttribute('autocapitalize', 'characters');
      expect(box).not.toHaveAttribute('inputmode', 'numeric');
    }
  });

  it('moves to the next box while typing, and accepts lower case', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('ab3');
    expect(value()).toBe('AB3');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('xyz');
    expect(value()).toBe('AB3XYZ');
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['A', 'B', '3', 'X', 'Y', 'Z']);
  });

  it('ignores characters that cannot be in a code', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('-');
    await user.keyboard(' ');
    expect(value()).toBe('');
    expect(boxes()[0]).toHaveFocus();
  });

  it('goes back with Backspace on an empty box and clears the previous one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('ABC');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes()[2]).toHaveFocus();
    expect(value()).toBe('AB');
    await user.keyboard('{Backspace}');
    expect(boxes()[1]).toHaveFocus();
    expect(value()).toBe('A');
  });

  it('Backspace on a filled box clears it and stays', async () => {
    const user = userEvent.setup();
    render(<Harness initial="ABCDEF" />);
    await user.click(boxes()[5]!);
    await user.keyboard('{Backspace}');
    expect(value()).toBe('ABCDE');
    expect(boxes()[5]).toHaveFocus();
  });

  it('replaces the character of a filled box when typing over it', async () => {
    const user = userEvent.setup();
    render(<Harness initial="ABCDEF" />);
    await user.click(boxes()[2]!);
    await user.keyboard('z');
    expect(value()).toBe('ABZDEF');
    expect(boxes()[3]).toHaveFocus();
  });

  it('fills all six boxes when a whole code is pasted into any box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[3]!);
    await user.paste(' k7m-p2q9 ');
    expect(value()).toBe('K7MP2Q');
    expect(boxes()[5]).toHaveFocus();
  });

  it('a whole code arriving in one box (autofill) fills all six', async () => {
    render(<Harness />);
    // The phone's one-time-code suggestion sets the first box's value in one go.
    fireEvent.change(boxes()[0]!, { target: { value: 'hjkl23' } });
    expect(value()).toBe('HJKL23');
    expect(boxes()[5]).toHaveFocus();
  });

  it('moves with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness initial="ABCDEF" />);
    await user.click(boxes()[2]!);
    await user.keyboard('{ArrowLeft}');
    expect(boxes()[1]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(boxes()[3]).toHaveFocus();
  });
});

describe('sanitizeCode', () => {
  it('upper-cases and keeps letters and digits', () => {
    expect(sanitizeCode(' ab-3 9z ')).toBe('AB39Z');
  });
});
