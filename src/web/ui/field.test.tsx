import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequiredFieldsLegend, TextField } from './field';

describe('TextField', () => {
  it('marks a required field with a visible * that keeps the accessible name the label text', () => {
    render(<TextField label="Achternaam" required />);
    const input = screen.getByRole('textbox', { name: 'Achternaam' });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-required', 'true');
    const field = input.parentElement!;
    const mark = field.querySelector('[data-required-mark]');
    expect(mark).toHaveTextContent('*');
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByLabelText('Achternaam')).toBe(input);
  });

  it('shows no mark on an optional field', () => {
    render(<TextField label="Tussenvoegsel" />);
    const input = screen.getByRole('textbox', { name: 'Tussenvoegsel' });
    expect(input).not.toBeRequired();
    expect(input).not.toHaveAttribute('aria-required');
    expect(input.parentElement!.querySelector('[data-required-mark]')).toBeNull();
    expect(input.parentElement).not.toHaveTextContent('*');
  });

  it('explains the mark once per form in the reader’s language', () => {
    render(<RequiredFieldsLegend />);
    expect(screen.getByText('verplicht veld', { exact: false })).toHaveTextContent('* verplicht veld');
  });
});
