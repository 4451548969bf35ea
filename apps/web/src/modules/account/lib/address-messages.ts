/**
 * The address rules' messages come from packages/domain (English, shared with the API). Each is
 * shown in the visitor's language through this table: English message -> key under
 * `account.addressErrors`. A message missing here is shown as it is (a unit test keeps the table
 * complete for every message the domain schema can give).
 */
export const addressMessageKeys: Record<string, string> = {
  'Name is required': 'nameRequired',
  'Mobile number must be 10 digits': 'mobileDigits',
  'Address line 1 is required': 'line1Required',
  'City is required': 'cityRequired',
  'PIN code must be 6 digits and cannot start with 0': 'pincode',
  'Choose a state': 'state',
};

export function addressMessageKey(message: string): string | undefined {
  return addressMessageKeys[message];
}
