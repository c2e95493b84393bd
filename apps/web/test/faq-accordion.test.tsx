import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
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
  it('groups its answers so that the browser keeps one open at a time, each with its question', () => {
    render(<FaqAccordion items={items} />);
    const answers = screen.getAllByTestId('faq-item') as HTMLDetailsElement[];
    expect(answers.map((details) => details.querySelector('summary h3')?.textContent)).toEqual([
      'Is there an approval process?',
      'Can I edit my profile?',
    ]);
    // One name for the group (the browser closes the others when one opens), none open at first.
    const names = new Set(answers.map((details) => details.getAttribute('name')));
    expect(names.size).toBe(1);
    expect([...names][0]).toBeTruthy();
    expect(answers.every((details) => !details.open)).toBe(true);
    expect(answers[0]!.textContent).toContain('No. Sign up, pay, publish.');
  });

  it('says so when a category has no questions', () => {
    render(<FaqAccordion items={[]} />);
    expect(screen.getByText(faqTexts.empty)).toBeTruthy();
  });
});
