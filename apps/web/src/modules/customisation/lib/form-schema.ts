import { z } from 'zod';
import {
  checkCustomisation,
  shapeCustomisation,
  uploadedImageSchema,
  type CustomisationEntry,
  type CustomisationRequest,
  type UnitCustomisation,
} from '@shop/domain/customisation';
import type { ProductCustomisation } from '@shop/domain/catalogue';
import type { FieldRefusal } from '@shop/domain/refusals/index';

/**
 * The dialog's form: one entry per ordered unit, its text and the photos already uploaded for it (kept whole, so the
 * thumbnails can be shown; only their ids are sent). The rules are the domain's (spec §5), the same the API applies.
 */
const unitValueSchema = z.object({ text: z.string(), images: z.array(uploadedImageSchema) });
type UnitValue = z.infer<typeof unitValueSchema>;
export interface CustomisationFormValues {
  units: UnitValue[];
}

/** Form field of a domain error key: "customisation.1.images" -> "units.1.images"; "customisation" -> "units". */
export function formFieldOf(key: string): string | null {
  if (key === 'customisation') return 'units';
  const match = /^customisation\.(\d+)\.(text|images)$/.exec(key);
  return match ? `units.${match[1]}.${match[2]}` : null;
}

/** What a unit's values become on the wire, after spec §5's shaping (the stray field dropped). */
function toEntries(type: ProductCustomisation['type'], units: readonly UnitValue[]): CustomisationEntry[] {
  return shapeCustomisation(
    type,
    units.map((unit) => ({ text: unit.text, images: unit.images.map((image) => image.id) })),
  );
}

/**
 * The resolver's schema for one line: the domain's rules (checkCustomisation), each refusal beside the unit it belongs
 * to. An issue's message is `say(refusal)`: the refusal's code by default, the shopper's language in the dialog
 * (refusalText of the code and its params; decision 037).
 */
export function customisationFormSchema(
  customization: ProductCustomisation,
  quantity: number,
  say: (refusal: FieldRefusal) => string = (refusal) => refusal.code,
) {
  return z.object({ units: z.array(unitValueSchema) }).superRefine((values, ctx) => {
    const errors = checkCustomisation(customization, quantity, toEntries(customization.type, values.units));
    for (const [key, refusal] of Object.entries(errors)) {
      const field = formFieldOf(key);
      if (field) ctx.addIssue({ code: 'custom', message: say(refusal), path: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) });
    }
  });
}

/** The request for customized-add; the line id names the line when the product is in the order more than once. */
export function toRequest(
  target: { orderId: string; productId: string; lineId?: string },
  type: ProductCustomisation['type'],
  values: CustomisationFormValues,
): CustomisationRequest {
  return { ...target, customisation: toEntries(type, values.units) };
}

/** The form's starting values: what was sent before (it may be replaced until the order is locked), else empty units. */
export function initialUnits(quantity: number, sent: readonly UnitCustomisation[] | null | undefined): UnitValue[] {
  return Array.from({ length: quantity }, (_, index) => {
    const unit = sent?.[index];
    return { text: unit?.text ?? '', images: unit ? [...unit.customization_image] : [] };
  });
}
