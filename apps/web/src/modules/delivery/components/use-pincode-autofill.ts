'use client';

import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { indianStates } from '@shop/domain/address';
import type { CodedText } from '@lib/api/refusal';
import { REFUSAL_ERROR } from '@modules/auth/components/use-refusal-text';
import { usePincodePlace } from './use-pincode-place';

interface PlaceFields {
  city: string;
  state: string;
  pincode: string;
}

const STATES = new Set<string>(indianStates);

/**
 * An address form's pincode fills its city and state (issue 22) without overwriting what the shopper typed: a field
 * is filled when empty or still holding the previous fill. A pincode we do not deliver to gets the refusal on the
 * field at once; the returned check says so again on submit (and puts the refusal back if it was cleared).
 */
export function usePincodeAutofill<T extends PlaceFields>(form: UseFormReturn<T, unknown, unknown>, text: (refusal: CodedText) => string): () => boolean {
  // react-hook-form's path types do not narrow through a generic; these fields exist on every address form.
  const fields = form as unknown as UseFormReturn<PlaceFields, unknown, unknown>;
  const place = usePincodePlace(fields.watch('pincode') ?? '');
  const filled = useRef({ city: '', state: '' });
  // Our own refusal on the field, so that it alone is taken back when the pincode changes (not a server's).
  const refused = useRef(false);

  const refuse = (pincode: string) => {
    refused.current = true;
    fields.setError('pincode', { type: REFUSAL_ERROR, message: text({ code: 'delivery_pincode_unserviceable', message: '', params: { pincode } }) });
  };

  useEffect(() => {
    if (place.kind === 'unserviceable') {
      refuse(place.pincode);
      return;
    }
    if (refused.current) {
      refused.current = false;
      fields.clearErrors('pincode');
    }
    if (place.kind !== 'found') return;
    const { city, state } = place.estimate;
    const current = fields.getValues();
    const validate = fields.formState.isSubmitted;
    if (current.city.trim() === '' || current.city === filled.current.city) {
      fields.setValue('city', city, { shouldValidate: validate, shouldDirty: true });
      filled.current.city = city;
    }
    if (STATES.has(state) && (current.state === '' || current.state === filled.current.state)) {
      fields.setValue('state', state, { shouldValidate: validate, shouldDirty: true });
      filled.current.state = state;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the lookup answers
  }, [place]);

  return () => {
    if (place.kind !== 'unserviceable') return false;
    refuse(place.pincode);
    return true;
  };
}
