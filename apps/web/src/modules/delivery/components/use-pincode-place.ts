'use client';

import { useEffect, useState } from 'react';
import { type DeliveryEstimate, fetchDeliveryEstimate } from '@lib/api/delivery-browser';

export type PincodePlace = { kind: 'none' } | { kind: 'found'; estimate: DeliveryEstimate } | { kind: 'unserviceable'; pincode: string };

const PINCODE = /^[1-9]\d{5}$/;
const NONE: PincodePlace = { kind: 'none' };

/**
 * Looks a typed pincode up (issue 22): its city and state, and whether we deliver there. Only a complete pincode is
 * asked about; an unknown one or a failed call gives `none`, so a pincode newer than the 2015 directory, or a network
 * hiccup, never stops an address from being saved (the server decides again at placement). An answer counts only
 * while the field still holds the pincode it was for.
 */
export function usePincodePlace(pincode: string): PincodePlace {
  const value = pincode.trim();
  const [answer, setAnswer] = useState<{ pincode: string; place: PincodePlace }>({ pincode: '', place: NONE });
  useEffect(() => {
    if (!PINCODE.test(value)) return;
    let current = true;
    fetchDeliveryEstimate(value).then(
      (estimate) => {
        if (current) setAnswer({ pincode: value, place: estimate.serviceable ? { kind: 'found', estimate } : { kind: 'unserviceable', pincode: value } });
      },
      () => {
        if (current) setAnswer({ pincode: value, place: NONE });
      },
    );
    return () => {
      current = false;
    };
  }, [value]);
  return answer.pincode === value ? answer.place : NONE;
}
