import type { FaqItem } from '@si/contracts';

/** The nine FAQ entries of docs/product.md#what-the-product-stores, in four categories. Answers are plain text. */
export const faqs: FaqItem[] = [
  {
    id: 'what-is-scaling-impact',
    question: 'What is Scaling Impact?',
    answer:
      'Scaling Impact is a public directory of mission-driven organizations. Talent, partners, funders and supporters browse and filter profiles by category and country to find the organizations they want to work with or back.',
    categories: ['general'],
    sortOrder: 0,
  },
  {
    id: 'who-can-list-an-organization',
    question: 'Who can list an organization?',
    answer:
      'Any mission-driven organization can, whether it is a nonprofit, a social enterprise, a B Corp, a cooperative or a research lab. All you need is an account and a plan.',
    categories: ['general', 'submission'],
    sortOrder: 1,
  },
  {
    id: 'who-sees-my-profile',
    question: 'Who will see my profile?',
    answer:
      'Your profile is visible to everyone on the platform, and it is also shared with our professional network of talent, partners and funders.',
    categories: ['general', 'organization'],
    sortOrder: 2,
  },
  {
    id: 'how-do-i-add-my-organization',
    question: 'How do I add my organization?',
    answer:
      "Sign up, fill in your organization's name, description, country and categories, then choose a monthly or yearly plan and pay. Your profile is published as soon as the payment goes through, and you can add a logo, banner and more details right after.",
    categories: ['submission'],
    sortOrder: 3,
  },
  {
    id: 'is-there-an-approval-process',
    question: 'Is there an approval process?',
    answer:
      'No. There is no approval process: you sign up, pay and publish, and your profile goes live straight away.',
    categories: ['submission'],
    sortOrder: 4,
  },
  {
    id: 'can-i-edit-my-profile',
    question: 'Can I edit my profile after it is published?',
    answer:
      'Yes. You can edit your profile at any time, from the description and categories to the logo and banner, and your changes show on the platform immediately.',
    categories: ['organization'],
    sortOrder: 5,
  },
  {
    id: 'can-i-list-more-than-one-organization',
    question: 'Can I list more than one organization?',
    answer:
      'Yes. Each plan covers one organization profile, so every organization you add needs its own subscription.',
    categories: ['organization', 'pricing'],
    sortOrder: 6,
  },
  {
    id: 'how-much-does-it-cost',
    question: 'How much does it cost?',
    answer:
      'You can pay monthly at $12 per month, or yearly at $100 per year, which saves $44 compared to the monthly plan. Each plan covers one organization profile.',
    categories: ['pricing'],
    sortOrder: 7,
  },
  {
    id: 'can-i-cancel-my-subscription',
    question: 'Can I cancel my subscription?',
    answer:
      'Yes, you can cancel anytime. Your profile stays published until the end of the period you paid for; after that it is hidden, not deleted, and you can publish it again by subscribing.',
    categories: ['pricing', 'organization'],
    sortOrder: 8,
  },
];
