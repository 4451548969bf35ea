import 'server-only';
import { addressSchema } from '@shop/domain/address';
import { z } from 'zod';
import type { SavedAddress } from './addresses';
import { serverApi } from './client';

const addressListSchema = z.object({ data: z.array(addressSchema) });

/** The signed-in visitor's saved addresses, default first, read on the server so checkout renders with them. */
export async function getSavedAddresses(): Promise<SavedAddress[]> {
  return (await serverApi('GET', '/api/user/addresses', { session: 'visitor', schema: addressListSchema })).data;
}
