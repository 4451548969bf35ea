import { browserApi } from './browser-client';
import { array, boolean, guard, nullable, object, type ResponseSchema, string } from './shape';

/** A saved address as the API answers it (issue 3 contract). */
export interface SavedAddress {
  _id: string;
  name: string;
  mobile: string;
  line1: string;
  line2?: string | null;
  landmark?: string | null;
  city: string;
  state: string;
  pincode: string;
  isDefault: boolean;
  createdAt: string;
}

export type AddressFields = Omit<SavedAddress, '_id' | 'isDefault' | 'createdAt'> & { isDefault?: boolean };

const savedAddress = object({
  _id: string,
  name: string,
  mobile: string,
  line1: string,
  line2: nullable(string),
  landmark: nullable(string),
  city: string,
  state: string,
  pincode: string,
  isDefault: boolean,
  createdAt: string,
});
const addressSchema: ResponseSchema<SavedAddress> = guard(savedAddress);
const addressListSchema = guard(object({ data: array(savedAddress) }));

const base = '/api/user/addresses';

/** The caller's addresses, default first. */
export async function listAddresses(): Promise<SavedAddress[]> {
  return (await browserApi(base, { signedIn: true, schema: addressListSchema })).data;
}

export const createAddress = (input: AddressFields) => browserApi(base, { method: 'POST', body: input, signedIn: true, schema: addressSchema });

export const updateAddress = (id: string, input: AddressFields) =>
  browserApi(`${base}/${encodeURIComponent(id)}`, { method: 'PUT', body: input, signedIn: true, schema: addressSchema });

export const deleteAddress = async (id: string): Promise<void> => {
  await browserApi(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE', signedIn: true });
};

export const setDefaultAddress = (id: string) =>
  browserApi(`${base}/${encodeURIComponent(id)}/default`, { method: 'POST', signedIn: true, schema: addressSchema });
