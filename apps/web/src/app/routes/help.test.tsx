import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { HelpPage } from './help';

describe('HelpPage', () => {
  it('opens the first answer, and one answer at a time as the questions are pressed', async () => {
    const { user } = renderWithProviders(<HelpPage />);
    const first = screen.getByRole('button', { name: 'O que é uma coleção?' });
    const second = screen.getByRole('button', { name: 'Quem pode ver as minhas coleções?' });
    const answerOf = (question: HTMLElement) =>
      document.getElementById(question.getAttribute('aria-controls')!)!;
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(answerOf(first)).toHaveClass('show');
    expect(answerOf(first)).toHaveTextContent(/Uma coleção é uma lista/);
    expect(second).toHaveAttribute('aria-expanded', 'false');

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(answerOf(second)).toHaveClass('show');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(answerOf(first)).not.toHaveClass('show');

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(answerOf(second)).not.toHaveClass('show');
  });
});
