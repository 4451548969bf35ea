import { addressLines, type PostalAddressFields } from '@shop/domain/address';

/**
 * An address as it is written on a parcel, one line per part, the mobile number last: the same block on a
 * saved-address card and on an order. Each part is isolated (<bdi>) and takes its direction from its own text, so
 * in an Arabic page "12 MG Road" does not read "MG Road 12"; the mobile number, which has no letters to go by, is
 * isolated left to right. The lines themselves keep the page's alignment.
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
      {withName ? (
        <span className="block font-semibold">
          <bdi>{address.name}</bdi>
        </span>
      ) : null}
      {addressLines(address).map((line) => (
        <span key={line} className="block">
          <bdi>{line}</bdi>
        </span>
      ))}
      <span className="mt-1 block">
        <bdi dir="ltr">{address.mobile}</bdi>
      </span>
    </address>
  );
}
