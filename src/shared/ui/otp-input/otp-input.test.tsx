import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../tests/utils/render';
import { OtpInput } from './otp-input';

function Harness({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <OtpInput label="Código de verificación" value={value} onChange={setValue} error={error} />
      <output aria-label="valor">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Borrar
      </button>
    </>
  );
}

const digit = (n: number) => screen.getByRole('textbox', { name: `Dígito ${n} del código` });

describe('OtpInput', () => {
  it('shows six labelled boxes grouped under the label', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByRole('group', { name: 'Código de verificación' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(digit(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(digit(1)).toHaveAttribute('inputmode', 'numeric');
  });

  it('moves to the next box as digits are typed, and ignores letters', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(digit(1));
    await user.keyboard('12');
    expect(digit(3)).toHaveFocus();
    await user.keyboard('a');
    expect(digit(3)).toHaveValue('');
    expect(screen.getByLabelText('valor')).toHaveTextContent('12');
  });

  it('goes back one box with Backspace', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(digit(1));
    await user.keyboard('123');
    expect(digit(4)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(digit(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(digit(3)).toHaveValue('');
    expect(digit(2)).toHaveFocus();
    expect(screen.getByLabelText('valor')).toHaveTextContent(/^12$/);
  });

  it('keeps the other digits in place when a middle one is corrected', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(digit(1));
    await user.paste('123456');
    await user.click(digit(2));
    await user.keyboard('{Backspace}');
    expect(digit(3)).toHaveValue('3');
    await user.click(digit(2));
    await user.keyboard('9');
    expect(screen.getByLabelText('valor')).toHaveTextContent('193456');
  });

  it('fills all six boxes from a pasted code', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(digit(1));
    await user.paste('654321');
    expect([1, 2, 3, 4, 5, 6].map((n) => (digit(n) as HTMLInputElement).value).join('')).toBe('654321');
    expect(screen.getByLabelText('valor')).toHaveTextContent('654321');
  });

  it('empties the boxes when the parent clears the value', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(digit(1));
    await user.paste('654321');
    await user.click(screen.getByRole('button', { name: 'Borrar' }));
    expect(digit(1)).toHaveValue('');
    expect(digit(6)).toHaveValue('');
  });

  it('marks every box invalid and describes the group with the error', () => {
    renderWithProviders(<Harness error="El código debe tener 6 dígitos." />);
    expect(digit(1)).toHaveAttribute('aria-invalid', 'true');
    expect(digit(6)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Código de verificación' })).toHaveAccessibleDescription(
      'El código debe tener 6 dígitos.',
    );
  });
});
