import { boolean, guard, nullable, object, oneOf, type ResponseSchema, string } from './shape';

/** The answer of POST /api/user (issue 3 contract). */
export interface UserProfile {
  _id: string;
  name: string;
  email: string | null;
  /** "+91XXXXXXXXXX" */
  mobile: string | null;
  role: 'customer' | 'staff' | 'admin';
  emailVerified: boolean;
  phoneVerified: boolean;
}

/** Checked the same way on the server (getViewer) and in the browser (validateUser), without zod. */
export const userProfileSchema: ResponseSchema<UserProfile> = guard(
  object({
    _id: string,
    name: string,
    email: nullable(string),
    mobile: nullable(string),
    role: oneOf('customer', 'staff', 'admin'),
    emailVerified: boolean,
    phoneVerified: boolean,
  }),
);
