import type { CategoryGroup } from '@si/contracts';

/** The seven category groups of docs/product.md#what-the-product-stores, in display order. */
export const categoryGroups: CategoryGroup[] = [
  { id: 'impact_areas', name: 'Impact Areas', emoji: '🌍', sortOrder: 0 },
  { id: 'work_methods', name: 'Work Methods', emoji: '🛠️', sortOrder: 1 },
  { id: 'differentiators', name: 'Differentiators', emoji: '✨', sortOrder: 2 },
  { id: 'culture', name: 'Culture', emoji: '🤝', sortOrder: 3 },
  { id: 'company_properties', name: 'Company Properties', emoji: '🏢', sortOrder: 4 },
  { id: 'approach', name: 'Approach', emoji: '🧭', sortOrder: 5 },
  { id: 'how_we_scale_change', name: 'How We Scale Change', emoji: '📈', sortOrder: 6 },
];
