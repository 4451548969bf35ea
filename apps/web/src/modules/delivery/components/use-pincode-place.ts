'use client';

import { useEffect, useRef, useState } from 'react';
import { type DeliveryEstimate, fetchDeliveryEstimate } from '@lib/api/delivery-browser';

export type PincodePlace = { kind: 'none' } | { kind: 'found'; estimate: DeliveryEstimate } | { kind: 'unserviceable'; pincode: string };

const PINCODE = /^[1-9]\d{5}$/;

/**
 * Looks a typed pincode up (issue 22): its city and state, and whether we deliver there. Only a complete pincode is
 * asked about; an unknown one or a failed call gives `none`, so a pincode newer than the 2015 directory, or a network
 * hiccup, never stops an address from being saved (the server decides again at placement).
 */
export function usePincodePlace(pincode: string): PincodePlace {
  const [place, setPlace] = useState<PincodePlace>({ kind: 'none' });
  const asked = useRef('');
  useEffect(() => {
    const value = pincode.trim();
    if (!PINCODE.test(value)) {
      asked.current = '';
      setPlace({ kind: 'none' });
      return;
    }
    if (asked.current === value) return;
    asked.current = value;
    fetchDeliveryEstimate(value).then(
      (estimate) => {
        if (asked.current !== value) return; // the shopper typed on meanwhile
        setPlace(estimate.serviceable ? { kind: 'found', estimate } : { kind: 'unserviceable', pincode: value });
      },
      () => {
        if (asked.current === value) setPlace({ kind: 'none' });
      },
    );
  }, [pincode]);
  return place;
}
