import { adminTaxIdentity } from '../lib/invoices-api';
import { invoiceAdminTexts } from '../lib/texts';
import { TaxIdentityForm, type TaxIdentityTexts } from '../components/tax-identity-form';

const keys = [
  'legend',
  'intro',
  'legalName',
  'gstin',
  'gstinHint',
  'address',
  'state',
  'invoicePrefix',
  'prefixHint',
  'signatureName',
  'chargeRate',
  'chargeHighest',
  'save',
  'saved',
  'failed',
] as const satisfies readonly (keyof TaxIdentityTexts)[];

/** The settings page's tax identity section (issue 21): the saved registration, or an empty form until there is one. */
export async function TaxIdentitySection() {
  const [{ t }, identity] = await Promise.all([invoiceAdminTexts(), adminTaxIdentity()]);
  const texts = Object.fromEntries(keys.map((key) => [key, t(`taxIdentity.${key}`)])) as TaxIdentityTexts;
  return (
    <TaxIdentityForm
      texts={texts}
      initial={{
        legalName: identity?.legalName ?? '',
        gstin: identity?.gstin ?? '',
        address: identity?.address ?? '',
        state: identity?.state ?? '',
        invoicePrefix: identity?.invoicePrefix ?? '',
        signatureName: identity?.signatureName ?? '',
        chargeRate: identity?.chargeRate === null || identity?.chargeRate === undefined ? '' : String(identity.chargeRate),
      }}
    />
  );
}
