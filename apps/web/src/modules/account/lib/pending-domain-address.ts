// TEMPORARY until packages/domain/src/address.ts (A2, issue-3 contract) lands; then import from @shop/domain/address.
import { z } from 'zod';

export const indianStates = [
  'Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chhattisgarh', 'Goa', 'Gujarat', 'Haryana', 'Himachal Pradesh',
  'Jharkhand', 'Karnataka', 'Kerala', 'Madhya Pradesh', 'Maharashtra', 'Manipur', 'Meghalaya', 'Mizoram', 'Nagaland', 'Odisha',
  'Punjab', 'Rajasthan', 'Sikkim', 'Tamil Nadu', 'Telangana', 'Tripura', 'Uttar Pradesh', 'Uttarakhand', 'West Bengal',
  'Andaman and Nicobar Islands', 'Chandigarh', 'Dadra and Nagar Haveli and Daman and Diu', 'Delhi', 'Jammu and Kashmir', 'Ladakh',
  'Lakshadweep', 'Puducherry',
] as const;

const optional = z.string().trim().optional().transform((v) => (v ? v : undefined));
export const addressInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  mobile: z.string().trim().regex(/^\d{10}$/, 'Mobile number must be 10 digits'),
  line1: z.string().trim().min(1, 'Address line 1 is required'),
  line2: optional,
  landmark: optional,
  city: z.string().trim().min(1, 'City is required'),
  state: z.string().refine((v) => (indianStates as readonly string[]).includes(v), 'Choose a state'),
  pincode: z.string().trim().regex(/^[1-9]\d{5}$/, 'PIN code must be 6 digits and cannot start with 0'),
  isDefault: z.boolean().optional(),
});
