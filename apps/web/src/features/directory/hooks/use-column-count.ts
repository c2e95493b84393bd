import { useMediaQuery } from '../../../lib/use-media-query';

/**
 * Grid columns: 1 under 640 px, 2 under 1280 px (from 1024 px the category sidebar takes a
 * column's width), 3 above (docs/product.md#home-and-the-directory).
 */
export function useColumnCount(): number {
  const medium = useMediaQuery('(min-width: 640px)');
  const large = useMediaQuery('(min-width: 1280px)');
  return large ? 3 : medium ? 2 : 1;
}
