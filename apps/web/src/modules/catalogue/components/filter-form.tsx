import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { AttributeOption, Brand, Category } from '@shop/domain/catalogue';
import { ATTRIBUTE_HEADINGS } from '../lib/facet-attributes';
import type { ListingState } from '../lib/listing-params';
import { HiddenListingFields } from './hidden-listing-fields';

interface FilterFormProps {
  /** The listing path the form submits to (GET). */
  action: string;
  state: ListingState;
  /** Unique per rendering, because the form appears twice (mobile panel and desktop sidebar). */
  idPrefix: string;
  /** Offered as a select on /shop; a category page narrows by its subcategory chips instead. */
  categories?: Category[];
  brands?: Brand[];
  attributes?: AttributeOption[];
}

const fieldset = 'border-t border-line pt-4';
const legend = 'mb-2 text-sm font-semibold text-ink';
const input = 'h-10 w-full rounded-lg border border-line bg-white px-3 text-sm text-ink placeholder:text-muted focus:border-brand';

/** Parent categories as option groups with their children, in API order. */
function groupCategories(categories: Category[]) {
  const parents = categories.filter((c) => !c.parent);
  return parents.map((parent) => ({ parent, children: categories.filter((c) => c.parent?._id === parent._id) }));
}

/** Listing filters as a plain GET form: works without JavaScript, and the result URL can be shared. */
export function FilterForm({ action, state, idPrefix, categories, brands, attributes = [] }: FilterFormProps) {
  const t = useTranslations('catalogue.filters');
  // Attribute values are the products' data, in English: marked so, a Hindi or Arabic screen reader voice does not read them.
  const valueLang = useLocale() === 'en' ? undefined : 'en';
  const id = (name: string) => `${idPrefix}-${name}`;
  const headingOf = (name: string) => {
    const key = ATTRIBUTE_HEADINGS[name];
    return key ? t(key) : name;
  };
  return (
    <form method="get" action={action} className="flex flex-col gap-4">
      <HiddenListingFields state={state} omit={['category', 'brand', 'min', 'max', 'attr', 'inStock', 'page']} />

      {categories && categories.length > 0 ? (
        <div>
          <label htmlFor={id('category')} className={legend}>
            {t('category')}
          </label>
          <select id={id('category')} name="category" defaultValue={state.category ?? ''} className={`${input} mt-2`}>
            <option value="">{t('allCategories')}</option>
            {groupCategories(categories).map(({ parent, children }) =>
              children.length ? (
                <optgroup key={parent._id} label={parent.name}>
                  <option value={parent.slug}>{t('allOf', { name: parent.name })}</option>
                  {children.map((child) => (
                    <option key={child._id} value={child.slug}>
                      {child.name}
                    </option>
                  ))}
                </optgroup>
              ) : (
                <option key={parent._id} value={parent.slug}>
                  {parent.name}
                </option>
              ),
            )}
          </select>
        </div>
      ) : null}

      <fieldset className={fieldset}>
        <legend className={`${legend} float-start w-full`}>{t('price')}</legend>
        <div className="clear-both flex items-center gap-2">
          <label className="sr-only" htmlFor={id('min')}>
            {t('min')}
          </label>
          <input
            id={id('min')}
            name="min"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder={t('min')}
            defaultValue={state.min}
            className={input}
          />
          <span aria-hidden="true" className="text-muted">
            –
          </span>
          <label className="sr-only" htmlFor={id('max')}>
            {t('max')}
          </label>
          <input
            id={id('max')}
            name="max"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder={t('max')}
            defaultValue={state.max}
            className={input}
          />
        </div>
      </fieldset>

      {brands && brands.length > 0 ? (
        <div className={fieldset}>
          <label htmlFor={id('brand')} className={legend}>
            {t('brand')}
          </label>
          <select id={id('brand')} name="brand" defaultValue={state.brand ?? ''} className={`${input} mt-2`}>
            <option value="">{t('allBrands')}</option>
            {brands.map((brand) => (
              <option key={brand._id} value={brand.slug}>
                {brand.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {attributes.map((attribute) => (
        <fieldset key={attribute.name} className={fieldset}>
          <legend className={`${legend} float-start w-full`}>{headingOf(attribute.name)}</legend>
          <div className="clear-both flex flex-wrap gap-2">
            {attribute.values.map((value) => {
              const token = `${attribute.name}:${value}`.toLowerCase();
              const inputId = id(`attr-${token.replace(/[^a-z0-9]+/g, '-')}`);
              return (
                <span key={value}>
                  <input id={inputId} type="checkbox" name="attr" value={token} defaultChecked={state.attr.includes(token)} className="peer sr-only" />
                  <label
                    htmlFor={inputId}
                    lang={valueLang}
                    className="inline-flex h-9 cursor-pointer items-center rounded-full border border-line px-3 text-sm text-ink peer-checked:border-brand peer-checked:bg-brand-soft peer-checked:font-semibold peer-checked:text-brand-strong peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand"
                  >
                    {value}
                  </label>
                </span>
              );
            })}
          </div>
        </fieldset>
      ))}

      <div className={`${fieldset} flex items-center gap-2`}>
        <input id={id('inStock')} type="checkbox" name="inStock" value="1" defaultChecked={state.inStock} className="h-4 w-4 accent-brand" />
        <label htmlFor={id('inStock')} className="text-sm text-ink">
          {t('inStock')}
        </label>
      </div>

      <div className="flex items-center gap-3 border-t border-line pt-4">
        <button type="submit" className="h-10 flex-1 rounded-lg bg-brand px-4 text-sm font-semibold text-white hover:bg-brand-strong">
          {t('apply')}
        </button>
        <Link
          prefetch={false}
          href={state.sort !== 'newest' ? `${action}?sort=${state.sort}` : action}
          className="rounded text-sm font-medium text-brand underline-offset-4 hover:underline"
        >
          {t('clear')}
        </Link>
      </div>
    </form>
  );
}
