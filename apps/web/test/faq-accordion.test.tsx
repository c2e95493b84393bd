import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { faqTexts, type FaqItem } from '@si/contracts';
import { FaqAccordion } from '../src/features/faq/components/faq-accordion';

const items: FaqItem[] = [
  {
    id: 'one',
    question: 'Is there an approval process?',
    answer: 'No. Sign up, pay, publish.',
    categories: ['general'],
    sortOrder: 0,
  },
  {
    id: 'two',
    question: 'Can I edit my profile?',
    answer: 'Yes, at any time.',
    categories: ['general'],
    sortOrder: 1,
  },
];

describe('FaqAccordion', () => {
  it('keeps a single answer open at a time and lets the open one close', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items} />);
    const first = screen.getByRole('button', { name: 'Is there an approval process?' });
    const second = screen.getByRole('button', { name: 'Can I edit my profile?' });

    await user.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('No. Sign up, pay, publish.')).toBeTruthy();

    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(first.getAttribute('aria-expanded')).toBe('false');

    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('false');
  });

  it('says so when a category has no questions', () => {
    render(<FaqAccordion items={[]} />);
    expect(screen.getByText(faqTexts.empty)).toBeTruthy();
  });
});
