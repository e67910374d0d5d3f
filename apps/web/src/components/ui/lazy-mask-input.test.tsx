import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { IMaskInput } from './lazy-mask-input';

function PostalCode() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="cep">CEP</label>
      <IMaskInput id="cep" mask="00000-000" value={value} unmask={false} onAccept={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('IMaskInput loaded on first render', () => {
  it('takes what is typed before the mask arrives, keeps the focus and then masks it', async () => {
    const user = userEvent.setup();
    render(<PostalCode />);
    // The mask library is still on its way: an ordinary input stands in its place.
    const first = screen.getByLabelText('CEP');
    await user.click(first);
    await user.keyboard('0131');
    // The masked input takes the ordinary one's place once react-imask arrives.
    await waitFor(() => expect(screen.getByLabelText('CEP')).not.toBe(first), { timeout: 4000 });
    const masked = screen.getByLabelText('CEP');
    expect(masked).toHaveFocus();
    await user.keyboard('0100');
    expect(masked).toHaveValue('01310-100');
    expect(screen.getByRole('status')).toHaveTextContent('01310-100');
  });

  it('does not report, as it arrives, the value the form already holds', async () => {
    const accepted: string[] = [];
    render(
      <>
        <label htmlFor="phone">Telefone</label>
        <IMaskInput
          id="phone"
          mask="(00) 00000-0000"
          value="(11) 91234-5678"
          unmask={false}
          onAccept={(value) => accepted.push(value)}
        />
      </>,
    );
    await waitFor(() => expect(screen.getByLabelText('Telefone')).toHaveValue('(11) 91234-5678'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(accepted).toEqual([]);
  });
});
