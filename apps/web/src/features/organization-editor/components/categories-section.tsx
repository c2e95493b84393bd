import { Controller, useWatch, type Control, type UseFormUnregister } from 'react-hook-form';
import {
  CATEGORY_DESCRIPTION_MAX,
  categorySelectionProblem,
  COMPANY_PROPERTIES_GROUP_ID,
  organizationEditorTexts,
  type Category,
  type CategoryGroup,
  type Organization,
} from '@si/contracts';
import type { useOrganizationImages } from '../api/organization-images';
import { CategoryPicker } from './category-picker';
import { ChosenCategories } from './chosen-categories';
import type { EditorFields } from './editor-sections';
import { DescriptionField, FormSection } from './fields';
import type { EditFormInput, EditFormOutput } from './form-rules';
import { ImageUpload } from './image-upload';

/**
 * The categories: ticked in the picker, then each chosen one in order with its own description
 * and image (a company property has neither).
 */
export function CategoriesSection({
  register,
  errors,
  control,
  unregister,
  organization,
  images,
  groups,
  categories,
}: EditorFields & {
  control: Control<EditFormInput, unknown, EditFormOutput>;
  unregister: UseFormUnregister<EditFormInput>;
  organization: Pick<Organization, 'categoryIds' | 'categoryImages'>;
  images: ReturnType<typeof useOrganizationImages>;
  groups: readonly CategoryGroup[];
  categories: readonly Category[];
}) {
  const categoryIds = useWatch({ control, name: 'categoryIds' });
  const details = useWatch({ control, name: 'categoriesDetails' }) ?? {};
  const problem = categorySelectionProblem(categoryIds, categories, groups);
  const categoriesById = new Map(categories.map((category) => [category.id, category]));

  const renderDetails = (category: Category) => {
    if (category.groupId === COMPANY_PROPERTIES_GROUP_ID) {
      return <p className="text-sm text-ink-muted">{organizationEditorTexts.propertyNote}</p>;
    }
    const target = { kind: 'category', categoryId: category.id } as const;
    const stored = organization.categoryIds.includes(category.id);
    return (
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <DescriptionField
          label={organizationEditorTexts.categoryDescriptionLabel(category.name)}
          maxChars={CATEGORY_DESCRIPTION_MAX}
          length={details[category.id]?.length ?? 0}
          rows={4}
          error={errors.categoriesDetails?.[category.id]?.message}
          {...register(`categoriesDetails.${category.id}`)}
        />
        <ImageUpload
          kind="category"
          label={organizationEditorTexts.categoryImageLabel(category.name)}
          hint={organizationEditorTexts.categoryImageHint}
          currentUrl={organization.categoryImages[category.id] ?? null}
          onUpload={(file) => images.upload(target, file)}
          onRemove={() => images.remove(target)}
          unavailableNote={stored ? undefined : organizationEditorTexts.categoryImageAfterSave}
        />
      </div>
    );
  };

  return (
    <FormSection id="edit-categories" title={organizationEditorTexts.categoriesHeading}>
      <Controller
        control={control}
        name="categoryIds"
        render={({ field }) => (
          <>
            <CategoryPicker
              groups={groups}
              categories={categories}
              value={field.value}
              onChange={(ids) => {
                field.onChange(ids);
                // An unticked category leaves the profile with its words: they are dropped
                // (ticked again, it starts empty) and no longer checked.
                for (const id of field.value) {
                  if (!ids.includes(id)) unregister(`categoriesDetails.${id}`);
                }
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.categoryIds?.message ?? problem?.message}
              missingGroupIds={problem?.missingGroupIds}
            />
            <ChosenCategories
              categories={field.value
                .map((id) => categoriesById.get(id))
                .filter((category): category is Category => category !== undefined)}
              onReorder={field.onChange}
              renderDetails={renderDetails}
            />
          </>
        )}
      />
    </FormSection>
  );
}
