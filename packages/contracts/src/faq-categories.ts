/**
 * The FAQ's four categories and their names (docs/product.md#what-the-product-stores), apart from the zod schemas of
 * reference.ts so that the FAQ, About and Contact pages load no schema library.
 */
export const faqCategoryIds = ['general', 'submission', 'organization', 'pricing'] as const;

export const faqCategoryNames: Record<(typeof faqCategoryIds)[number], string> = {
  general: 'General Questions',
  submission: 'Submission Process',
  organization: 'Organization Management',
  pricing: 'Pricing & Costs',
};
