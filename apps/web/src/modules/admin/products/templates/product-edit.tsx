import type { AdminProduct } from '@shop/domain/admin/products';
import type { Brand, Category } from '@shop/domain/catalogue';
import type { PersonalisationTemplate } from '@shop/domain/gift/personalisation';
import Link from 'next/link';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import { ImageManager } from '../components/image-manager';
import { PersonalisationEditor } from '../components/personalisation-editor';
import { ProductForm } from '../components/product-form';
import { PublishControls } from '../components/publish-controls';

/** /admin/products/new and /admin/products/{id}: publish controls, the form, then the gallery (once the product exists). */
export function ProductEdit({
  product,
  categories,
  brands,
  t,
  messages,
  template = null,
}: {
  product: AdminProduct | undefined;
  /** Issue 24: the live preview's template, when the product has one. */
  template?: PersonalisationTemplate | null;
  categories: Category[];
  brands: Brand[];
  t: AdminTranslate;
  messages: Record<string, unknown>;
}) {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/products" className="text-brand hover:underline">
          ← {t('form.back')}
        </Link>
      </p>
      <AdminHeading
        title={product ? t('form.editTitle', { name: product.name }) : t('form.newTitle')}
        actions={
          product ? (
            <>
              {product.published ? (
                <Link href={`/product/${product.slug}`} className="inline-flex min-h-11 items-center rounded-full border border-line px-5">
                  {t('form.viewInShop')}
                </Link>
              ) : null}
              <PublishControls product={product} messages={messages} />
            </>
          ) : null
        }
      />
      <div className="flex flex-col gap-6">
        {product ? (
          <ImageManager key={product._id} productId={product._id} images={product.images} messages={messages} />
        ) : (
          <p className="text-muted">{t('images.saveFirst')}</p>
        )}
        <ProductForm
          key={product?._id ?? 'new'}
          product={product}
          categories={categories.map((c) => ({ id: c._id, name: c.name }))}
          brands={brands.map((b) => ({ id: b._id, name: b.name }))}
          messages={messages}
        />
        {product ? (
          <PersonalisationEditor
            key={`${product._id}-${template?.updatedAt ?? 'none'}`}
            productId={product._id}
            images={product.images}
            template={template}
            personalised={product.customizationType !== null}
            messages={messages}
          />
        ) : null}
      </div>
    </>
  );
}
