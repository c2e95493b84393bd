import { z } from 'zod';
import { faqCategoryIds } from './faq-categories.ts';

export const FaqCategoryId = z.enum(faqCategoryIds);
export type FaqCategoryId = z.infer<typeof FaqCategoryId>;

export const FaqItem = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  categories: z.array(FaqCategoryId),
  sortOrder: z.number().int(),
});
export type FaqItem = z.infer<typeof FaqItem>;
