import { browserApi } from './browser-client';

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

const base = '/api/user/addresses';

/** The caller's addresses, default first. */
export async function listAddresses(): Promise<SavedAddress[]> {
  return (await browserApi<{ data: SavedAddress[] }>(base, { signedIn: true })).data;
}

export const createAddress = (input: AddressFields) => browserApi<SavedAddress>(base, { method: 'POST', body: input, signedIn: true });

export const updateAddress = (id: string, input: AddressFields) =>
  browserApi<SavedAddress>(`${base}/${encodeURIComponent(id)}`, { method: 'PUT', body: input, signedIn: true });

export const deleteAddress = (id: string) => browserApi<void>(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE', signedIn: true });

export const setDefaultAddress = (id: string) =>
  browserApi<SavedAddress>(`${base}/${encodeURIComponent(id)}/default`, { method: 'POST', signedIn: true });
