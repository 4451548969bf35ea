import { addressLines, type PostalAddressFields } from '@shop/domain/address';

/**
 * An address as it is written on a parcel, one line per part, the mobile number last (always left to right):
 * the same block on a saved-address card and on an order.
 */
export function PostalAddress({
  address,
  withName = false,
  className,
}: {
  address: PostalAddressFields & { name: string; mobile: string };
  withName?: boolean;
  className?: string;
}) {
  return (
    <address className={className}>
      {withName ? <span className="block font-semibold">{address.name}</span> : null}
      {addressLines(address).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
      <span className="mt-1 block" dir="ltr">
        {address.mobile}
      </span>
    </address>
  );
}
