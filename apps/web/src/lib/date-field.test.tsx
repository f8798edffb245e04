import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from './i18n';
import { DateField } from './date-field';

/** A form's state around the field: what the field shows and what the form holds. */
function Harness({ initial = '', withTime = false }: { initial?: string; withTime?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Dia"
        value={value}
        onChange={setValue}
        withTime={withTime}
        slotProps={{ htmlInput: { 'data-testid': 'day' } }}
      />
      <output data-testid="held">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        reset
      </button>
    </>
  );
}

const input = () => screen.getByTestId('day') as HTMLInputElement;
const held = () => screen.getByTestId('held').textContent;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('date field', () => {
  it('writes and reads dd/mm/aaaa in Portuguese, whatever the browser’s language', async () => {
    await changeLanguage('pt');
    render(<Harness initial="2026-10-20" />);
    expect(input().value).toBe('20/10/2026');
    expect(input().placeholder).toBe('dd/mm/aaaa');
    type('');
    type('05112026');
    expect(input().value).toBe('05/11/2026');
    expect(held()).toBe('2026-11-05');
  });

  it('writes and reads dd/mm/aaaa in Spanish', async () => {
    await changeLanguage('es');
    render(<Harness initial="2026-10-20" />);
    expect(input().value).toBe('20/10/2026');
    expect(input().placeholder).toBe('dd/mm/aaaa');
    type('03/02/2026');
    expect(held()).toBe('2026-02-03');
  });

  it('writes and reads mm/dd/yyyy in English: the same digits are another day', async () => {
    await changeLanguage('en');
    render(<Harness initial="2026-10-20" />);
    expect(input().value).toBe('10/20/2026');
    expect(input().placeholder).toBe('mm/dd/yyyy');
    type('03/02/2026');
    expect(held()).toBe('2026-03-02');
  });

  it('rewrites the shown day when the language changes', async () => {
    await changeLanguage('pt');
    render(<Harness initial="2026-10-20" />);
    await act(() => changeLanguage('en'));
    expect(input().value).toBe('10/20/2026');
    expect(held()).toBe('2026-10-20');
  });

  it('holds nothing while the day is incomplete, and says so once the user leaves the field', async () => {
    await changeLanguage('pt');
    render(<Harness />);
    type('20/10');
    expect(held()).toBe('');
    expect(screen.queryByText(/Data inválida/)).toBeNull();
    fireEvent.blur(input());
    expect(screen.getByText('Data inválida: escreva dia/mês/ano, como 20/11/2026.')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    // The message goes as soon as the user types again.
    type('20/10/2');
    expect(screen.queryByText(/Data inválida/)).toBeNull();
    type('20/10/2026');
    fireEvent.blur(input());
    expect(screen.queryByText(/Data inválida/)).toBeNull();
    expect(held()).toBe('2026-10-20');
  });

  it('refuses a day that does not exist', async () => {
    await changeLanguage('en');
    render(<Harness />);
    type('02/31/2026');
    fireEvent.blur(input());
    expect(held()).toBe('');
    expect(screen.getByText('Invalid date: write month/day/year, as in 11/20/2026.')).toBeTruthy();
  });

  it('reads a stored day pasted as is and writes it back the language’s way', async () => {
    await changeLanguage('pt');
    render(<Harness />);
    type('2026-10-20');
    expect(held()).toBe('2026-10-20');
    fireEvent.blur(input());
    expect(input().value).toBe('20/10/2026');
  });

  it('empties when the form is reset', async () => {
    await changeLanguage('pt');
    render(<Harness initial="2026-10-20" />);
    fireEvent.click(screen.getByText('reset'));
    expect(input().value).toBe('');
  });

  it('takes a day and a time on the 24-hour clock', async () => {
    await changeLanguage('es');
    render(<Harness withTime initial="2026-11-20T06:00" />);
    expect(input().value).toBe('20/11/2026 06:00');
    expect(input().placeholder).toBe('dd/mm/aaaa hh:mm');
    type('');
    type('201120261830');
    expect(input().value).toBe('20/11/2026 18:30');
    expect(held()).toBe('2026-11-20T18:30');
  });
});
