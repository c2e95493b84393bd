import { parentBrandsTexts, type ParentBrand } from '@si/contracts';
import { useSiteInfo } from '../api/get-site-info';

function BrandName({ brand, linkClassName }: { brand: ParentBrand; linkClassName: string }) {
  return brand.url ? (
    <a href={brand.url} className={linkClassName}>
      {brand.name}
    </a>
  ) : (
    <>{brand.name}</>
  );
}

/**
 * "Scaling Impact is a brand of <education company> and <hiring platform>."
 * (docs/product.md#who-it-is-for), the names and links from /api/site; nothing while they are unknown.
 */
export function ParentBrandsLine({
  className,
  linkClassName = 'underline underline-offset-4 hover:text-ink',
}: {
  className?: string;
  linkClassName?: string;
}) {
  const { data } = useSiteInfo();
  if (!data) return null;
  const { education, hiring } = data.parentBrands;
  return (
    <p className={className}>
      {parentBrandsTexts.before}
      <BrandName brand={education} linkClassName={linkClassName} />
      {parentBrandsTexts.between}
      <BrandName brand={hiring} linkClassName={linkClassName} />
      {parentBrandsTexts.after}
    </p>
  );
}
